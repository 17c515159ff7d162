import { redactUrls } from './redact';

/** The credential's Base URL as requests use it: trailing slashes removed (as the action node's requestDefaults do). */
export function apiBaseUrl(configured: unknown): string {
	return String(configured ?? '').replace(/\/+$/, '');
}

export const BASE_URL_HINT = 'Edit the credential: for example https://invoicing.example.com/v1';

/** Why a Base URL cannot be used (it must be http(s) and end in /v1), or undefined when it can. */
export function baseUrlProblem(baseUrl: string): string | undefined {
	return /^https?:\/\/.+\/v1$/.test(baseUrl)
		? undefined
		: `The Base URL of the Invoicing credential must end in /v1, got "${redactUrls(baseUrl)}"`;
}
