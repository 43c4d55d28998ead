/** The §5 image rules live in lib/image-rules (shared with the mini-app pages); this path keeps its importers working. */
export * from '../../../lib/image-rules';
