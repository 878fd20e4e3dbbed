/** The dataset's price level per municipality (CHF per m² of building land, an estimate). */
export interface PriceLevelRepository {
  /** The level of a municipality (BFS number), or null when the dataset has none for it. */
  chfPerM2(bfs: number): Promise<number | null>;
}
