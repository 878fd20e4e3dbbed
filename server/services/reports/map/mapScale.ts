/** Millimetres per PDF point (1/72 inch). */
export const MM_PER_POINT = 25.4 / 72;

/** The map's size on the report's A4 page, PDF points: the content width and a 5:3 frame. */
export const REPORT_MAP_SIZE = { width: 499.28, height: 300 } as const;

/** Plan scales a Swiss surveyor prints (1:N); the report uses the largest that shows the whole frame. */
export const PLAN_SCALES = [500, 1000, 2000, 2500, 5000, 10_000, 25_000, 50_000, 100_000] as const;

/** PDF points per ground metre at 1:N. */
export const pointsPerMetre = (scale: number): number => 1000 / scale / MM_PER_POINT;

/** The smallest plan scale at which `widthMetres` × `heightMetres` fits on the map; the last one at most. */
export function planScale(widthMetres: number, heightMetres: number, size = REPORT_MAP_SIZE): number {
  return (
    PLAN_SCALES.find(
      (scale) =>
        widthMetres * pointsPerMetre(scale) <= size.width &&
        heightMetres * pointsPerMetre(scale) <= size.height,
    ) ?? PLAN_SCALES[PLAN_SCALES.length - 1]
  );
}

/** LV95 frame [minE, minN, maxE, maxN]. */
export type Lv95Frame = [number, number, number, number];

/**
 * The frame the map shows at its plan scale: the extent around `[midE, midN]` that fills the paper
 * map exactly at 1:scale, so what is read from the dataset is exactly what is drawn.
 */
export function frameAtPlanScale(
  midE: number,
  midN: number,
  widthMetres: number,
  heightMetres: number,
  size = REPORT_MAP_SIZE,
): { frame: Lv95Frame; scale: number } {
  const scale = planScale(widthMetres, heightMetres, size);
  const halfWidth = size.width / pointsPerMetre(scale) / 2;
  const halfHeight = size.height / pointsPerMetre(scale) / 2;
  return {
    frame: [midE - halfWidth, midN - halfHeight, midE + halfWidth, midN + halfHeight],
    scale,
  };
}
