import { join } from 'node:path';
import { MessageTemplates, ANY } from '/work/main/test/rules/message-templates';
const code = new MessageTemplates([join('/work/main', 'nodes'), join('/work/main', 'credentials')]);
const t = code.templates();
console.log(t.length);
for (const x of t) if (x.includes('failed (HTTP')) console.log(JSON.stringify(x.split(ANY).join('*')).slice(0,200));
