type FormValue = string | number | FormValue[] | { [key: string]: FormValue };

function pairs(out: string[], key: string, value: FormValue): void {
	if (Array.isArray(value)) value.forEach((entry, index) => pairs(out, `${key}[${index}]`, entry));
	else if (typeof value === 'object') for (const [name, entry] of Object.entries(value)) pairs(out, `${key}[${name}]`, entry);
	else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
}

/** A form body in PHP bracket notation (`items[0][rate]=..`, brackets percent-encoded), fields in the given order. */
export function encodeForm(fields: Record<string, FormValue>): string {
	const out: string[] = [];
	for (const [key, value] of Object.entries(fields)) pairs(out, key, value);
	return out.join('&');
}
