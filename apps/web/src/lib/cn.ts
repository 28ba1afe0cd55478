import type { ClassValue } from 'clsx';
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Class names, merged the Tailwind way (later wins). */
export const cn = (...inputs: ClassValue[]): string => twMerge(clsx(inputs));
