const { src, dest, task } = require('gulp');

// tsc compiles the TypeScript; icons and codex files are copied beside the compiled nodes.
function copyIconsAndCodex() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	);
}

task('build:icons', copyIconsAndCodex);
