/** Test artefacts (run data, screenshots) kept after an e2e run in test/e2e/artifacts/ (gitignored). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ARTIFACTS_DIR = join(__dirname, 'artifacts');

export function artifactPath(fileName: string): string {
	mkdirSync(ARTIFACTS_DIR, { recursive: true });
	return join(ARTIFACTS_DIR, fileName);
}

export function saveArtifact(fileName: string, content: string | Buffer): string {
	const path = artifactPath(fileName);
	writeFileSync(path, content);
	return path;
}
