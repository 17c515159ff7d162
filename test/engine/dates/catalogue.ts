/**
 * Date inputs and what the node must make of them, run through the engine under several process time zones
 * (date-catalogue.test.ts). `sent` is the issue_date the service receives; `refused` the value the error names.
 */
export interface DateCase {
	/** The Issue Date parameter: a literal (as the picker or a typed value stores it) or an expression. */
	value: string;
	/** The workflow's time zone (Workflow Settings). */
	workflowZone: string;
	sent?: string;
	/** How the error message quotes the refused value. */
	refused?: string;
}

export const DATE_CASES: DateCase[] = [
	// accepted: a calendar date, or a local date-time (the picker's value), keeps its calendar date
	{ value: '2026-03-05', workflowZone: 'UTC', sent: '2026-03-05' },
	{ value: ' 2026-03-05 ', workflowZone: 'Pacific/Kiritimati', sent: '2026-03-05' },
	{ value: '2026-03-05T00:00:00', workflowZone: 'America/New_York', sent: '2026-03-05' },
	{ value: '2026-03-05T10:00', workflowZone: 'Europe/Berlin', sent: '2026-03-05' },
	{ value: '2026-03-05 23:59:59', workflowZone: 'Pacific/Kiritimati', sent: '2026-03-05' },
	{ value: '2026-03-05T23:30:00.123', workflowZone: 'UTC', sent: '2026-03-05' },
	// accepted: an instant is converted to the workflow's zone
	{ value: '2026-03-05T10:00:00Z', workflowZone: 'UTC', sent: '2026-03-05' },
	{ value: '2026-03-05T00:30:00+01:00', workflowZone: 'America/New_York', sent: '2026-03-04' },
	{ value: '2026-03-05T22:30:00.000Z', workflowZone: 'Pacific/Kiritimati', sent: '2026-03-06' },
	{ value: '2026-03-05T23:30:00.5+01:00', workflowZone: 'Europe/Berlin', sent: '2026-03-05' },
	{ value: '={{ DateTime.fromISO("2026-03-05T23:30:00", { zone: "Europe/Berlin" }) }}', workflowZone: 'UTC', sent: '2026-03-05' },
	{ value: '={{ DateTime.fromISO("2026-03-05T23:30:00", { zone: "Europe/Berlin" }) }}', workflowZone: 'Pacific/Kiritimati', sent: '2026-03-06' },
	{ value: '={{ new Date(Date.UTC(2026, 2, 5, 3, 0)) }}', workflowZone: 'America/New_York', sent: '2026-03-04' },
	// refused before sending: nothing is guessed
	{ value: '2026/03/05', workflowZone: 'UTC', refused: '"2026/03/05"' },
	{ value: '5 March 2026', workflowZone: 'Europe/Berlin', refused: '"5 March 2026"' },
	{ value: 'March 5, 2026', workflowZone: 'America/New_York', refused: '"March 5, 2026"' },
	{ value: '01/02/2026', workflowZone: 'UTC', refused: '"01/02/2026"' },
	{ value: '2026-03', workflowZone: 'UTC', refused: '"2026-03"' },
	{ value: '20260305', workflowZone: 'UTC', refused: '"20260305"' },
	{ value: '={{ 20260305 }}', workflowZone: 'UTC', refused: '20260305' },
	{ value: '={{ 1772668800000 }}', workflowZone: 'UTC', refused: '1772668800000' },
	{ value: 'tomorrow', workflowZone: 'UTC', refused: '"tomorrow"' },
	{ value: '2026-02-30', workflowZone: 'UTC', refused: '"2026-02-30"' },
	{ value: '2026-03-05T24:00', workflowZone: 'UTC', refused: '"2026-03-05T24:00"' },
	{ value: 'Thu, 05 Mar 2026 10:00:00 GMT', workflowZone: 'UTC', refused: '"Thu, 05 Mar 2026 10:00:00 GMT"' },
	{ value: '2026-03-05T10:00:00 +0100', workflowZone: 'UTC', refused: '"2026-03-05T10:00:00 +0100"' },
];

export const refusedMessage = (quoted: string) =>
	`Create Expense "Taxi" (item 0): "Issue Date" must be an unambiguous date, got ${quoted}: give YYYY-MM-DD or an ISO date and time`;

/** What one case gave inside the engine. */
export interface DateOutcome {
	value: string;
	workflowZone: string;
	/** issue_date of each request the service received (none when refused). */
	sent: string[];
	error?: string;
}

/** Printed by the child process: its zone as the process sees it, and the outcomes. */
export interface CatalogueReport {
	processZone: string;
	/** getTimezoneOffset() of 2026-03-05 00:00 local time, in minutes (UTC minus local). */
	offsetMinutes: number;
	outcomes: DateOutcome[];
}

export const REPORT_MARKER = 'DATE-CATALOGUE-REPORT ';
