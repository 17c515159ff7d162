import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { executionNode, fixedParameter } from '../../engine/execution-node';
import { hasExpression, itemParameter } from '../../engine/item-parameter';
import { trimmed } from '../../../shared/text';
import { EINVOICE_FORMATS } from '../../einvoice';
import type { EInvoiceFormat } from '../../einvoice/types';
import { BUYER_LABEL, BUYER_OPTIONS, DETAILS_LABEL, EXPORT_PARAMS } from '../../resources/invoice/exportEInvoice.operation';
import { fieldError } from '../errors/item-errors';
import { toApiValue } from '../input/parameters';
import type { BuyerParameters, DetailParameters } from './export-input';

const FORMATS: readonly EInvoiceFormat[] = EINVOICE_FORMATS.map((format) => format.value);

export interface ExportParameters {
	format: EInvoiceFormat;
	binaryProperty: string;
	buyer: BuyerParameters;
	/** Buyer Fields: Map Automatically, the Buyer fields read from the input item's fields of their names. */
	buyerFromItem: boolean;
	details: DetailParameters;
	checkOnly: boolean;
}

/** A collection's text options as text (an expression may give a number), unset ones left out. */
function texts(collection: IDataObject, names: string[]): Record<string, string | undefined> {
	return Object.fromEntries(names.map((name) => [name, collection[name] === undefined || collection[name] === null ? undefined : String(collection[name])]));
}

const BUYER_KEYS = BUYER_OPTIONS.map((option) => option.key);

/**
 * Map Automatically: each Buyer field from the input field of its name, as text; one set on the node (not empty)
 * takes its place. A field holding an object or a list is refused, not written as "[object Object]".
 */
function buyerFromItem(ctx: IExecuteSingleFunctions, set: Record<string, string | undefined>): Record<string, string | undefined> {
	const json = (ctx.getInputData()?.json ?? {}) as IDataObject;
	const buyer: Record<string, string | undefined> = {};
	for (const { label, key } of BUYER_OPTIONS) {
		const value = json[key];
		if (typeof value === 'object' && value !== null) {
			throw fieldError(ctx, key, `(the input field for ${BUYER_LABEL} > ${label}) holds ${Array.isArray(value) ? 'a list' : 'an object'}, not text`, `Give the input field "${key}" a text value, or set ${BUYER_LABEL} > ${label} on the node.`);
		}
		buyer[key] = trimmed(set[key]) !== '' ? set[key] : value === undefined || value === null ? undefined : String(value);
	}
	return buyer;
}

/** A collection (Buyer, E-Invoice Details): its mapped fields read from the item, a fixed one once per execution. */
const collection = (ctx: IExecuteSingleFunctions, name: string): IDataObject =>
	(hasExpression(executionNode(ctx).parameters[name]) ? itemParameter(ctx, name, {}) : fixedParameter(ctx, name, {})) as IDataObject;

/** Export E-Invoice's parameters, each read once; a format or field name that cannot be used is refused. */
export function readExportParameters(ctx: IExecuteSingleFunctions): ExportParameters {
	const format = trimmed(fixedParameter(ctx, EXPORT_PARAMS.format, 'xrechnung-ubl')) as EInvoiceFormat;
	if (!FORMATS.includes(format)) {
		throw fieldError(ctx, 'Format', `is "${format}"`, `Choose one of ${FORMATS.join(', ')}.`);
	}
	const binaryProperty = trimmed(fixedParameter(ctx, EXPORT_PARAMS.binary, 'data'));
	if (binaryProperty === '') throw fieldError(ctx, 'Put Output File in Field', 'is empty', 'Give the name of the binary field for the file, e.g. data.');
	// mapped fields (`{{ $json.city }}`) are read from the item, not evaluated a third time (engine/item-parameter);
	// fixed ones once per execution (engine/execution-node)
	const buyer = texts(collection(ctx, EXPORT_PARAMS.buyer), BUYER_KEYS);
	const fromItem = fixedParameter(ctx, EXPORT_PARAMS.buyerMapping, 'define') === 'auto';
	const details = collection(ctx, EXPORT_PARAMS.details);
	const options = fixedParameter(ctx, EXPORT_PARAMS.options, {}) as IDataObject;
	const deliveryDate = toApiValue(ctx, { param: 'deliveryDate', api: 'deliveryDate', label: `${DETAILS_LABEL} > Delivery Date`, kind: 'date' }, details.deliveryDate);
	return {
		format,
		binaryProperty,
		buyer: fromItem ? buyerFromItem(ctx, buyer) : buyer,
		buyerFromItem: fromItem,
		details: {
			...texts(details, ['orderReference', 'unitCode', 'vatCategory', 'exemptionReason', 'exemptionReasonCode']),
			deliveryDate: deliveryDate === undefined ? undefined : String(deliveryDate),
		},
		checkOnly: options.checkOnly === true,
	};
}

/** Whether the buyer's electronic address comes from the client (one GET /client/{id}). */
export const needsClientEmail = (parameters: ExportParameters): boolean => trimmed(parameters.buyer.electronicAddress) === '';
