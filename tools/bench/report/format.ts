import type { Spread } from '../measure/stats';

export const ms = (value: number): string => (Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(1)) : '-');
export const spreadText = (s: Spread): string => `${ms(s.median)} (${ms(s.min)}-${ms(s.max)})`;
export const ratioText = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : '-');
export const percent = (value: number): string => (Number.isFinite(value) ? `${(value * 100).toFixed(0)}%` : '-');
