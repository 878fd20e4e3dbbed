/**
 * A measured piece of a page: its height is known before it is placed, and `draw` paints it at a given
 * top without moving anything else.
 */
export interface Block {
  height: number;
  draw(top: number): void;
  /** Never the last block of a page: a heading with its first row, a table header with its first row. */
  keepWithNext?: boolean;
  /** Starts a new page (the sections after the first page's facts). */
  breakBefore?: boolean;
  /** Drawn again first when this block opens a page (a table's column header). */
  repeatOnNewPage?: Block;
  /** Which section the block belongs to and whether it is the section's heading or first row. */
  marks?: { section: string; role: 'heading' | 'firstRow' };
}

export interface PageArea {
  /** Where content starts on the first page and on the following ones, and where it must end. */
  firstTop: number;
  top: number;
  bottom: number;
}

export interface PlacedBlock {
  block: Block;
  top: number;
}

/** The height of a block and of the blocks it is kept with. */
function keptHeight(blocks: readonly Block[], from: number): number {
  let height = 0;
  for (let i = from; i < blocks.length; i++) {
    height += blocks[i].height;
    if (!blocks[i].keepWithNext) break;
  }
  return height;
}

/**
 * Places blocks on pages top to bottom: a block (with those it is kept with) that does not fit goes to
 * the next page, unless it opens the page already (then it overflows nothing: blocks are never taller
 * than a page in this report). Returns the blocks of each page with their tops.
 */
export function paginate(blocks: readonly Block[], area: PageArea): PlacedBlock[][] {
  const pages: PlacedBlock[][] = [[]];
  let y = area.firstTop;
  const newPage = () => {
    pages.push([]);
    y = area.top;
  };
  blocks.forEach((block, i) => {
    const page = pages[pages.length - 1];
    if (page.length > 0 && (block.breakBefore || y + keptHeight(blocks, i) > area.bottom)) newPage();
    const current = pages[pages.length - 1];
    if (current.length === 0 && pages.length > 1 && block.repeatOnNewPage) {
      current.push({ block: block.repeatOnNewPage, top: y });
      y += block.repeatOnNewPage.height;
    }
    current.push({ block, top: y });
    y += block.height;
  });
  return pages;
}
