/** The part of bintrees (a red-black tree) the ring check uses; the package ships no types. */
declare module 'bintrees' {
  export interface TreeIterator<T> {
    data(): T | null;
    next(): T | null;
    prev(): T | null;
  }
  export class RBTree<T> {
    constructor(compare: (a: T, b: T) => number);
    insert(data: T): boolean;
    remove(data: T): boolean;
    findIter(data: T): TreeIterator<T> | null;
    size: number;
  }
}
