/** Radon probability (%) above which the detail shows a warning (spec §9). */
export const RADON_WARNING_ABOVE = 10;
