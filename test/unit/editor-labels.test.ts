import type { INodeProperties, INodePropertyCollection, INodePropertyModeTypeOptions } from 'n8n-workflow';

import { Invoicing } from '../../nodes/Invoicing/Invoicing.node';
import { InvoicingTrigger } from '../../nodes/InvoicingTrigger/InvoicingTrigger.node';

type Mode = { displayName: string; name: string; typeOptions?: INodePropertyModeTypeOptions };

/** Every property of a node, collections' options included. */
function everyProperty(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...everyProperty(((property.options ?? []) as Array<INodeProperties | INodePropertyCollection>).filter((option): option is INodeProperties => 'type' in option)),
	]);
}

const locators = [new Invoicing().description, new InvoicingTrigger().description].flatMap((description) =>
	everyProperty(description.properties).filter((property) => property.type === 'resourceLocator'),
);

/**
 * n8n's mode selector is 92 px wide: "By Number" showed "By Numt", "By E-mail" "By E-ma" (issue 35). n8n's own mode
 * names ("From List", "By ID") are kept; a mode of ours is one short word.
 */
describe('labels the editor shows whole (issue 35)', () => {
	test('the record pickers: From List, By ID, and a one-word Number or E-mail mode', () => {
		const modes = new Set(locators.flatMap((locator) => ((locator.modes ?? []) as Mode[]).map((mode) => `${mode.name}=${mode.displayName}`)));
		expect([...modes].sort()).toEqual(['email=E-mail', 'id=By ID', 'list=From List', 'number=Number']);
	});

	test('the settle option says what it does in its name, and its measure in its description', () => {
		const settle = everyProperty(new Invoicing().description.properties).find((property) => property.name === 'settleTimeouts');
		expect([settle?.displayName, settle?.description]).toEqual([
			'Check Before Retrying',
			'When a write gets no answer (timeout, dropped connection, server error), the service may have done it anyway. Before Retry On Fail sends it again, the node checks whether it was done, for up to this many times as long as the failed attempt took (at least 1 s, at most this many request timeouts), so it is never done twice. 0: retry at once without checking.',
		]);
	});
});

/**
 * An option of a collection shows in the "Add Option" list and as the label of the added field, where n8n 2.40
 * cut "Check Before Retrying (× Failed Attempt)" to "Check Before Retrying (× F..." (26 characters kept, issue 45).
 */
describe('the options of collections are named in at most 26 characters (issue 45)', () => {
	const collections = [new Invoicing().description, new InvoicingTrigger().description]
		.flatMap((description) => everyProperty(description.properties))
		.filter((property) => property.type === 'collection');
	const options = collections.flatMap((collection) =>
		((collection.options ?? []) as INodeProperties[]).map((option) => ({ collection: collection.name, label: option.displayName })),
	);
	// an e-invoice term's name as the e-invoice's refusals spell it ("fill: Buyer > Buyer Reference (Leitweg-ID)"),
	// in the output of saved workflows: renamed with the node's next version
	const KEPT = ['Buyer Reference (Leitweg-ID)'];

	test('every option but the e-invoice term kept', () => {
		expect(options.filter((option) => option.label.length > 26 && !KEPT.includes(option.label))).toEqual([]);
	});

	test('the re-run windows and the settle option', () => {
		const label = (collection: string) => options.filter((option) => option.collection === collection).map((option) => option.label);
		expect(label('sendOptions')).toEqual(['Check Before Retrying', 'Re-Send Window (Minutes)']);
		expect(label('paymentOptions')).toEqual(['Check Before Retrying', 'If Already Paid', 'Refuse Overpayment', 'Repeat Window (Minutes)']);
	});
});

/**
 * A Send skipped as a re-run showed as a send, and nothing on the node said a re-send within 60 minutes is skipped.
 * Send's Email field says so where it is always shown, under the field; its Phone says what it is for.
 */
describe("Send's Email says when a send is skipped", () => {
	test('its hint names the Re-Send Window, its default and the output', () => {
		const email = new Invoicing().description.properties.find((property) => property.name === 'email' && property.displayOptions?.show?.operation?.includes('send'));
		expect(email?.hint).toBe("Empty: the client's e-mail. A send to an address this record went to within the Re-Send Window (60 minutes unless set) is skipped: skipped: true");
	});

	test('its Phone says, under the field, what the number is for and that it may stay empty', () => {
		const phone = new Invoicing().description.properties.find((property) => property.name === 'phone' && property.displayOptions?.show?.operation?.includes('send'));
		expect(phone?.hint).toBe("Optional: handed to the service with the send as the record's phone (it may notify it too); empty: none");
	});
});
