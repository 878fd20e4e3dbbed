/** A filter or paging value the search cannot use; routes answer 400 with its message. */
export class SearchInputError extends Error {}
