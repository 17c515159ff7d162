import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { installDebianPackagesSync, onPath } from '../../tools/scripts/debian-packages';

/** The official rules kept beside the clone (../shared/einvoice), as the repository's CI has them. */
export const RULES_DIR = join(__dirname, '..', '..', '..', 'shared', 'einvoice');
export const RULES = {
	enUbl: join(RULES_DIR, 'en16931', 'ubl', 'xslt', 'EN16931-UBL-validation.xslt'),
	enCii: join(RULES_DIR, 'en16931', 'cii', 'xslt', 'EN16931-CII-validation.xslt'),
	xrUbl: join(RULES_DIR, 'xrechnung', 'compiled', 'XRechnung-UBL-validation.xsl'),
	xrCii: join(RULES_DIR, 'xrechnung', 'compiled', 'XRechnung-CII-validation.xsl'),
	ciiXsd: join(RULES_DIR, 'en16931', 'cii', 'schema', 'D16B SCRDM (Subset)', 'uncoupled clm', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd'),
};
const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

/** Saxon-HE, Java and xmllint from Debian, installed with apt-get when missing (as root, or through sudo without a password). */
export function ensureValidators(): void {
	if (existsSync(SAXON_JAR) && onPath('java') && onPath('xmllint')) return;
	const packages = ['libsaxonhe-java', 'libxml2-utils', ...(onPath('java') ? [] : ['default-jre-headless'])];
	installDebianPackagesSync(packages);
	if (!existsSync(SAXON_JAR)) throw new Error(`apt-get installed libsaxonhe-java, but ${SAXON_JAR} is missing`);
}

/** Rule ids of the failed assertions that make an invoice invalid (flag fatal or error; warnings do not). */
export function failedRules(svrl: string): string[] {
	const ids: string[] = [];
	for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>/g)) {
		const attributes = match[1];
		if (!/\bflag="(fatal|error)"/.test(attributes)) continue;
		ids.push(/\bid="([^"]*)"/.exec(attributes)?.[1] ?? '(no id)');
	}
	return ids;
}

/** One Saxon run over every file of a folder: the failed rules per file name. */
export function runRules(stylesheet: string, inputDir: string, outputDir: string): Promise<Map<string, string[]>> {
	mkdirSync(outputDir, { recursive: true });
	return new Promise((resolve, reject) => {
		const child = spawn('java', ['-jar', SAXON_JAR, `-s:${inputDir}`, `-o:${outputDir}`, `-xsl:${stylesheet}`], { stdio: ['ignore', 'ignore', 'pipe'] });
		let errors = '';
		child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code !== 0) return reject(new Error(`Saxon failed (${String(code)}) on ${inputDir}: ${errors}`));
			const results = new Map<string, string[]>();
			for (const file of readdirSync(inputDir)) results.set(file, failedRules(readFileSync(join(outputDir, file), 'utf8')));
			resolve(results);
		});
	});
}

/** The CII D16B schema over files, in one xmllint: the names of the files it refused and its messages. */
export function schemaErrors(files: string[]): { refused: string[]; messages: string } {
	if (files.length === 0) return { refused: [], messages: '' };
	const result = spawnSync('xmllint', ['--noout', '--schema', RULES.ciiXsd, ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	// 0: all valid, 3: some refused; anything else means the schema itself could not be used
	if (result.status !== 0 && result.status !== 3) throw new Error(`xmllint failed (${String(result.status)}): ${result.stderr.slice(0, 2000)}`);
	const refused = result.stderr
		.split('\n')
		.filter((line) => line.endsWith(' fails to validate'))
		.map((line) => line.replace(/ fails to validate$/, ''));
	return { refused, messages: result.stderr.split('\n').filter((line) => !line.endsWith(' validates')).join('\n') };
}
