import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ISO_4217_CODES } from '../../nodes/Invoicing/helpers/input/currencies';
import { isServiceCurrency, SERVICE_CURRENCIES } from '../../tools/sandbox/currencies';

const SANDBOX = join(__dirname, '..', '..', 'tools', 'sandbox');

describe("the sandbox's own validation data", () => {
	test("its currency list and the node's agree today (they are kept apart, so this is where they would part)", () => {
		expect([...SERVICE_CURRENCIES].sort()).toEqual([...ISO_4217_CODES].sort());
		expect(SERVICE_CURRENCIES.size).toBe(175);
	});

	test('it refuses what the service refuses: lower case, withdrawn and reserved codes', () => {
		expect(['EUR', 'USD', 'XCG', 'ZWG'].map(isServiceCurrency)).toEqual([true, true, true, true]);
		expect(['eur', 'ANG', 'BGN', 'HRK', 'XTS', 'XXX', ''].map(isServiceCurrency)).toEqual([false, false, false, false, false, false, false]);
	});

	test("no file of the sandbox imports the node's code", () => {
		const files = readdirSync(SANDBOX, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
		const importsOfNode = files.filter((file) => /from '(\.\.\/)+nodes\//.test(readFileSync(join(SANDBOX, file), 'utf8')));
		expect(importsOfNode).toEqual([]);
	});
});
