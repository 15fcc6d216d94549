/**
 * The JS types both drivers return, so queries read the same values on either: int8/numeric →
 * number, date → "YYYY-MM-DD" (timestamptz stays each driver's Date).
 */
export const INT8 = 20;
export const NUMERIC = 1700;
export const DATE = 1082;
export const toNumber = (value: string): number => Number(value);
export const keepString = (value: string): string => value;
