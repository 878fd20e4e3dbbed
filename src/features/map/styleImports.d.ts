// The map engine's stylesheet is imported for its side effect; webpack's css loader handles it.
declare module '*.css';
