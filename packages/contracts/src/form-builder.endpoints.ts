import { LINK_PURPOSES, endpoint, requireAny, requireAnyOrLink } from './endpoint';
import {
  ZFormDraftSave,
  ZFormListField,
  ZFormListQuery,
  ZFormPageParams,
  ZFormPageQuery,
  ZFormPublish,
  ZFormState,
  ZFormSubmission,
  ZFormSubmissionAnswers,
  ZFormSubmissionStart,
  ZFormVersion,
  ZFormVersionParams,
  ZFormVersionSummary,
} from './form-builder';
import { ZLooseIdParams, successEnvelope } from './http';
import { z } from 'zod';

const tag = 'form-builder';
const BUILDER = requireAny('form-builder');
/** The journeys read the published forms: staff registering or editing a customer, and customers through their link. */
const FORM_READERS = requireAnyOrLink(LINK_PURPOSES, 'form-builder', 'register-customer', 'edit-profile', 'view-customer-profile');
const FORM_FILLERS = requireAnyOrLink(['deep-register', 'dynamic-register'], 'register-customer', 'edit-profile');

/**
 * The form builder (/configuration/form-builder): each data segment's onboarding forms, one per
 * page. The draft is saved freely; publishing checks it with the form validator and writes an
 * immutable version; a journey pins the version it started on.
 */
export const FORM_BUILDER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'form-builder/list',
    tag,
    summary: "The published fields of a page's form (section), in order, each with its section; empty when nothing is published",
    access: FORM_READERS,
    query: ZFormListQuery,
    response: successEnvelope(z.array(ZFormListField)),
  }),
  form: endpoint({
    method: 'GET',
    path: 'form-builder/forms/:page',
    tag,
    summary: "A page's draft, the version in force and the problems publishing the draft would meet",
    access: BUILDER,
    params: ZFormPageParams,
    query: ZFormPageQuery,
    response: successEnvelope(ZFormState),
  }),
  saveDraft: endpoint({
    method: 'PUT',
    path: 'form-builder/forms/:page',
    tag,
    summary: "Save a page's draft; the body quotes the draft revision it was loaded at (409 when changed since)",
    access: BUILDER,
    params: ZFormPageParams,
    body: ZFormDraftSave,
    response: successEnvelope(ZFormState),
  }),
  publish: endpoint({
    method: 'POST',
    path: 'form-builder/forms/:page/publish',
    tag,
    summary: 'Publish the draft as the next version; a form the validator refuses is answered 422 with every problem',
    access: BUILDER,
    params: ZFormPageParams,
    body: ZFormPublish,
    response: successEnvelope(ZFormVersion),
  }),
  versions: endpoint({
    method: 'GET',
    path: 'form-builder/forms/:page/versions',
    tag,
    summary: "A page's published versions, newest first: who published each and when",
    access: BUILDER,
    params: ZFormPageParams,
    query: ZFormPageQuery,
    response: successEnvelope(z.array(ZFormVersionSummary)),
  }),
  version: endpoint({
    method: 'GET',
    path: 'form-builder/forms/:page/versions/:version',
    tag,
    summary: 'One published version with its form',
    access: BUILDER,
    params: ZFormVersionParams,
    query: ZFormPageQuery,
    response: successEnvelope(ZFormVersion),
  }),
  restore: endpoint({
    method: 'POST',
    path: 'form-builder/forms/:page/versions/:version/restore',
    tag,
    summary: 'Publish an earlier version again as the next version; the draft becomes that form',
    access: BUILDER,
    params: ZFormVersionParams,
    body: ZFormPageQuery,
    response: successEnvelope(ZFormVersion),
  }),
  startSubmission: endpoint({
    method: 'POST',
    path: 'form-builder/submissions',
    tag,
    summary: "Start filling a page's form: the submission is pinned to the version in force now",
    access: FORM_FILLERS,
    body: ZFormSubmissionStart,
    response: successEnvelope(ZFormSubmission),
  }),
  submit: endpoint({
    method: 'PUT',
    path: 'form-builder/submissions/:id',
    tag,
    summary: 'Submit the answers, checked against the version the submission started on (422 with each field’s message)',
    access: FORM_FILLERS,
    params: ZLooseIdParams,
    body: ZFormSubmissionAnswers,
    response: successEnvelope(ZFormSubmission),
  }),
};
