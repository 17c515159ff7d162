import { checkPack } from './check-pack';

const required = ['dist/nodes/A/A.node.js', 'dist/nodes/A/A.node.json', 'dist/nodes/A/a.svg', 'dist/credentials/AApi.credentials.js'];

describe('the publish guard (tools/scripts/check-pack.js)', () => {
	test('accepts a package with every required file and extra shipped files of the build', () => {
		expect(checkPack.packProblems(required, [...required, 'package.json', 'README.md', 'dist/nodes/A/helpers/x.js'])).toEqual([]);
	});

	test('names each required file a package lacks, as a package packed without a build does', () => {
		expect(checkPack.packProblems(required, ['package.json', 'index.js', 'README.md', 'dist/nodes/A/A.node.js'])).toEqual([
			'missing: dist/nodes/A/A.node.json',
			'missing: dist/nodes/A/a.svg',
			'missing: dist/credentials/AApi.credentials.js',
		]);
	});

	test.each(['tools/sandbox/server.ts', 'tools/scripts/start.ts', 'tools/bench/b.ts', 'test/unit/x.test.ts', 'nodes/A/A.node.ts'])('refuses a package that ships %s', (file) => {
		expect(checkPack.packProblems(required, [...required, file])).toEqual([`dev-only file shipped: ${file}`]);
	});
});
