const { rmSync } = require('node:fs');
const { src, dest, task } = require('gulp');

// `npm run build` = clean, tsc (tsconfig.json: nodes and credentials only), then the assets, giving the same dist/
// as `n8n-node build` (which also starts from an empty dist/ and copies the icons beside the compiled files).
function clean(done) {
	rmSync('dist', { recursive: true, force: true });
	done();
}

// Icons only: tsc emits the codex files (tsconfig.json includes nodes/**/*.json), as it does for `n8n-node build`.
function copyIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(dest('dist'));
}

task('clean', clean);
task('build:icons', copyIcons);
