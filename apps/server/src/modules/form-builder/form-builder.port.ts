/**
 * What other modules may read of the form builder: the form version a segment has published, and
 * one version by id (a journey pinned to the version it started on), and the custom fields of a
 * segment's published forms (the advanced search, the exports). Reads only; every change goes
 * through the form builder's service.
 */
export { findPublished, findPublishedCustomFields, findVersionById } from './form-builder.repository';
