/** A translation of a source catalogue: the same keys, nested the same way, every leaf a string. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Loads one language's catalogue of a namespace: a module whose default export is the catalogue. */
export type CatalogueLoader = () => Promise<{ default: object }>;

/** One loader per language; the source language is required, a missing other one falls back to it. */
export type NamespaceLoaders = { en: CatalogueLoader } & Partial<Record<string, CatalogueLoader>>;
