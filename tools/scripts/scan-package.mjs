// Runs n8n's community-package scanner (@n8n/scan-community-package) on a local folder, as the registry
// scan does on a published tarball, and prints its verdict as JSON. Usage: node tools/scripts/scan-package.mjs DIR [--source]
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const [dir, mode] = process.argv.slice(2);
const result = await analyzePackage(dir, mode === '--source' ? SOURCE_FILE_PATTERNS : undefined);
console.log(JSON.stringify({ passed: result.passed, message: result.message ?? '', details: result.details ?? '' }));
