export { startSandbox, type Sandbox } from './server';
export { demoBook, overdueInvoices } from './seed';
export type * from './types';
export { bulkBook } from './bulk-book';
