export type { SearchCriteria, SearchPaging } from '../../contract/SearchParameters';
