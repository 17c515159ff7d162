// The tests are dev code like tools/: one lint configuration for both (see tools/eslint.config.mjs).
export { default } from '../tools/eslint.config.mjs';
