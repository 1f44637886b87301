/**
 * What other modules may read of the form builder: the form version a segment has published, and
 * one version by id (a journey pinned to the version it started on). Reads only; every change goes
 * through the form builder's service.
 */
export { findPublished, findVersionById } from './form-builder.repository';
