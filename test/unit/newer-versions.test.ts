import { matrixLine, versionsBeyondMatrix } from '../../tools/scripts/n8n/newer-versions';

const MATRIX = ['1.123.81', '2.40.7', '2.41.1'];

describe("the test command's line about n8n versions beyond the matrix", () => {
	test('a newer release of a line the matrix has is named; older ones, other lines below the matrix and pre-releases are not', () => {
		const registry = ['0.236.3', '1.123.80', '1.123.81', '2.40.7', '2.41.1', '2.41.3', '2.42.0-exp.0'];
		expect(versionsBeyondMatrix(registry, MATRIX)).toEqual(['2.41.3']);
	});

	test('a new major line is named by its newest release; nothing beyond the matrix names nothing', () => {
		expect(versionsBeyondMatrix(['1.123.81', '2.41.1', '3.0.0', '3.0.1', '3.1.0-rc.1'], MATRIX)).toEqual(['3.0.1']);
		expect(versionsBeyondMatrix(['1.123.81', '1.100.0', '2.41.1', '2.40.7'], MATRIX)).toEqual([]);
		expect(versionsBeyondMatrix(['1.123.82', '2.41.3'], MATRIX)).toEqual(['1.123.82', '2.41.3']);
	});

	test('one line: each version with what is known about installing it, or that the matrix is current', () => {
		const installs = (version: string) => (version === '2.41.3' ? 'does not install here: 19 of its @n8n/* dependencies are not in the registry' : 'a dry-run install resolves');
		expect(matrixLine(MATRIX, ['2.41.3', '3.0.1'], installs)).toBe(
			'n8n versions: the registry has 2.41.3 (does not install here: 19 of its @n8n/* dependencies are not in the registry), 3.0.1 (a dry-run install resolves), beyond the matrix (1.123.81, 2.40.7, 2.41.1); tools/scripts/n8n/versions.json',
		);
		expect(matrixLine(MATRIX, [], installs)).toBe('n8n versions: the matrix (1.123.81, 2.40.7, 2.41.1) has the newest release of each line in the registry');
		expect(matrixLine(MATRIX, [], installs).split('\n')).toHaveLength(1);
	});
});
