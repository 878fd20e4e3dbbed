/** A planar point and a closed ring without the repeated last point (generator units: Web Mercator metres). */
export type Point = [number, number];
export type Ring = Point[];
