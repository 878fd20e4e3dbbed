import {
  MAX_LIST_ITEMS,
  MAX_VALUE_LENGTH,
  SEARCH_PARAMETERS,
  type SearchParameter,
} from '../../../../src/contract/SearchParameters';

/**
 * Query string of the search and tile routes, one or more properties per SEARCH_PARAMETERS row by its
 * kind. Values are loosely typed and bounded here (nothing absurdly long reaches the parser) and checked
 * by parseSearchQuery, which gives the clearer messages ("PRC_SUR_from must be a number").
 */
const text = { type: 'string', maxLength: 4 * MAX_VALUE_LENGTH } as const;
/** One repeated key may carry a comma-separated list, so an item may be as long as the whole list. */
const textList = {
  type: 'array',
  items: { type: 'string', maxLength: (MAX_VALUE_LENGTH + 1) * MAX_LIST_ITEMS },
  maxItems: MAX_LIST_ITEMS,
} as const;

type Property = typeof text | typeof textList;

/** The query-string keys a row is sent under, with their schema. */
export function rowProperties(row: SearchParameter): Record<string, Property> {
  const range = { [`${row.name}_from`]: text, [`${row.name}_to`]: text };
  switch (row.kind) {
    case 'text':
    case 'choice':
      return { [row.name]: text };
    case 'list':
      return { [row.name]: textList, [`${row.name}[]`]: textList };
    case 'range':
      return range;
    case 'flag':
      return row.wireRange ? { [row.name]: text, ...range } : { [row.name]: text };
  }
}

export const searchQuerystringSchema = {
  type: 'object',
  properties: {
    // The client's cache-busting counter.
    a: text,
    ...Object.fromEntries(SEARCH_PARAMETERS.flatMap((row) => Object.entries(rowProperties(row)))),
    page: text,
    size: text,
  },
} as const;
