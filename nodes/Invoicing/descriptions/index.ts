import type { INodeProperties } from 'n8n-workflow';

import { declareOnce, type Shown } from './declare-once';
import { getManyProperties } from './get-many';
import { lineItemProperties } from './line-items';
import { rateLimitsCollection } from './rate-limit-field';
import { recordLocators } from './records';
import { numberingFields } from '../resources/numbering-fields';
import { RESOURCE_SPECS } from '../resources/resources';
import { operationProperty } from './routing';
import { operationsOf, operationsWith } from '../resources/queries';
import type { ResourceSpec } from '../resources/types';
import { inVersions, versionsFrom } from '../resources/versions';
import { additionalFieldsCollection, clearFieldsCollection, requiredParameter, updateFieldsCollection } from './write-fields';

/** The required fields of every create form, and those other operations require (spec `requires`), as top-level parameters. */
const requiredFields = (specs: readonly ResourceSpec[]): Shown[] =>
	specs.flatMap((spec) => [
		...operationsWith(spec, 'create').flatMap((operation) =>
			spec.fields.filter((field) => field.role === 'required').map((field) => ({ resource: spec.value, operation, property: requiredParameter(field) })),
		),
		...spec.operations.flatMap((operation) =>
			spec.fields
				.filter((field) => field.role === 'required' && operation.requires?.includes(field.editor.name))
				.map((field) => ({ resource: spec.value, operation: operation.value, property: requiredParameter(field) })),
		),
	]);

/** Fields required from a node version on (`requiredFrom`: an invoice's Currency in version 2), for those versions: after the others. */
const requiredFromVersion = (specs: readonly ResourceSpec[]): Shown[] =>
	specs.flatMap((spec) =>
		operationsWith(spec, 'create').flatMap((operation) =>
			spec.fields.flatMap((field) =>
				field.role === 'optional' && field.requiredFrom
					? [{ resource: spec.value, operation, property: inVersions(versionsFrom(field.requiredFrom.version), { ...requiredParameter(field), name: field.requiredFrom.param }) }]
					: [],
			),
		),
	);

const NUMBERING = new Set(numberingFields('invoice').map((field) => field.name));
/** Numbering, and the number it may replace when the operation owns it (Convert to Invoice's Invoice Number). */
const isNumbering = (shown: Shown) => NUMBERING.has(shown.property.name) || shown.property.displayOptions?.hide?.numbering !== undefined;
/** The record an operation starts from (Create From Estimate's Estimate): asked first, as the record locators are. */
const isSource = (shown: Shown) => shown.property.type === 'resourceLocator';

/** The parameters operations own (Send, Record Payment, If Already Exists). */
const operationParameters = (specs: readonly ResourceSpec[]): Shown[] =>
	specs.flatMap((spec) =>
		spec.operations.flatMap((operation) => (operation.properties ?? []).map((property) => ({ resource: spec.value, operation: operation.value, property }))),
	);

function lineItems(specs: readonly ResourceSpec[]): INodeProperties[] {
	const documents = specs.filter((spec) => spec.lineItems);
	return lineItemProperties(
		documents.map((spec) => spec.value),
		operationsOf(documents, ['create']),
		operationsOf(documents, ['update']),
	);
}

/**
 * Every parameter of the node after Resource, derived from the resource specs, each name declared once (n8n
 * evaluates every declared property for every item), in the order the editor shows them.
 */
export function propertiesOf(specs: readonly ResourceSpec[]): INodeProperties[] {
	const exists = (resource: string, operation: string) =>
		specs.some((spec) => spec.value === resource && spec.operations.some((candidate) => candidate.value === operation));
	return [
		...[...specs].sort((a, b) => a.displayName.localeCompare(b.displayName)).map(operationProperty),
		...recordLocators(specs),
		...declareOnce(operationParameters(specs).filter(isSource), exists),
		// Numbering before the number it may replace
		...declareOnce(operationParameters(specs).filter(isNumbering), exists),
		...declareOnce(requiredFields(specs), exists),
		...declareOnce(requiredFromVersion(specs), exists),
		...lineItems(specs),
		additionalFieldsCollection(specs),
		...declareOnce(operationParameters(specs).filter((shown) => !isNumbering(shown) && !isSource(shown)), exists),
		updateFieldsCollection(specs),
		clearFieldsCollection(specs),
		...getManyProperties(specs),
		rateLimitsCollection(specs),
	];
}

/** What most workflows of the package do first: invoices, then estimates, clients, expenses. */
const RESOURCE_ORDER = ['invoice', 'estimate', 'client', 'expense'];
const rank = (spec: ResourceSpec) => (RESOURCE_ORDER.includes(spec.value) ? RESOURCE_ORDER.indexOf(spec.value) : RESOURCE_ORDER.length);

/**
 * The Resource parameter's options, Invoice first: n8n's nodes panel lists the actions in this order (resource by
 * resource), and its sorting rule leaves lists of fewer than five options as they are.
 */
export const resourceOptions = (specs: readonly ResourceSpec[]) =>
	[...specs].sort((a, b) => rank(a) - rank(b) || a.displayName.localeCompare(b.displayName)).map((spec) => ({ name: spec.displayName, value: spec.value }));

export const invoicingProperties: INodeProperties[] = propertiesOf(RESOURCE_SPECS);
export const invoicingResources = resourceOptions(RESOURCE_SPECS);
