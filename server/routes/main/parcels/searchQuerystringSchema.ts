/**
 * Query string of the search and tile routes. Values are loosely typed here and checked by
 * parseSearchQuery, which gives the clearer messages ("PRC_SUR_from must be a number").
 */
const text = { type: 'string', maxLength: 300 } as const;
const textList = { type: 'array', items: text, maxItems: 200 } as const;

export const searchQuerystringSchema = {
  type: 'object',
  properties: {
    a: text,
    searchQuery: text,
    CANTON: text,
    LOCNAME: textList,
    STREET: textList,
    GRN_TRM: textList,
    ALPHA_PRI: text,
    ALPHA_SEC: text,
    PRC_NO: text,
    PRC_ID: text,
    PRC_SUR_from: text,
    PRC_SUR_to: text,
    OBJECT_OPTIONS: text,
    GRN_RAD: text,
    GRN_RAD_from: text,
    GRN_RAD_to: text,
    PRO_BUN: text,
    PRC_IND: text,
    PRC_TYP: text,
    FREEWAY_from: text,
    FREEWAY_to: text,
    PUTRA_from: text,
    PUTRA_to: text,
    page: text,
    size: text,
    x: text,
    y: text,
    z: text,
  },
} as const;
