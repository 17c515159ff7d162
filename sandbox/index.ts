export { startSandbox, type Sandbox } from './server';
export { demoBook, overdueInvoices } from './seed';
export { computeTotals, moneyText, roundCents } from './money';
export type * from './types';
