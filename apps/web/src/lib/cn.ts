import type { ClassValue } from 'clsx';
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Class names, merged the Tailwind way (later wins). */
export const cn = (...inputs: ClassValue[]): string => twMerge(clsx(inputs));

/**
 * tailwind-merge builds its tables on its first call (tens of milliseconds on a phone). Called
 * at start, while the first reads are on the network, so that the first page drawn with data
 * does not pay for it in the middle of a long task.
 */
export const prepareClassNames = (): void => void twMerge('p-0', 'p-1');
