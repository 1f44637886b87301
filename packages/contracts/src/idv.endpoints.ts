import { LINK_PURPOSES, endpoint, requireAny, requireAnyOrLink } from './endpoint';
import { successEnvelope } from './http';
import {
  ZFaceMatchRequest,
  ZFaceMatchResult,
  ZIdvSettings,
  ZIdvSettingsQuery,
  ZIdvSettingsSave,
  ZLivenessChallenge,
  ZLivenessChallengeRequest,
  ZLivenessRequest,
  ZLivenessResult,
  ZOcrAnswer,
  ZOcrRequest,
} from './idv';

const tag = 'identity verification';

/** Staff registering or editing a customer, or the customer through their own onboarding link. */
const VERIFY = requireAnyOrLink(LINK_PURPOSES, 'register-customer', 'register-company', 'edit-profile');

export const IDV_ENDPOINTS = {
  compareFaces: endpoint({
    method: 'POST',
    path: 'customers/face-match',
    tag,
    summary: "Compare the document's portrait with a selfie or video frame",
    access: VERIFY,
    body: ZFaceMatchRequest,
    response: successEnvelope(ZFaceMatchResult),
  }),
  issueLivenessChallenge: endpoint({
    method: 'POST',
    path: 'customers/liveness/challenge',
    tag,
    summary: 'The challenge to perform in the liveness video',
    access: VERIFY,
    body: ZLivenessChallengeRequest,
    response: successEnvelope(ZLivenessChallenge),
  }),
  checkLiveness: endpoint({
    method: 'POST',
    path: 'customers/liveness',
    tag,
    summary: 'Check the recorded video: a face, the same person, the challenge performed, the document portrait',
    access: VERIFY,
    body: ZLivenessRequest,
    response: successEnvelope(ZLivenessResult),
  }),
  readDocument: endpoint({
    method: 'POST',
    path: 'customers/ocr',
    tag,
    summary: 'Read an uploaded identity document (OCR, MRZ, card type, quality) and map it onto the customer record',
    access: VERIFY,
    body: ZOcrRequest,
    response: successEnvelope(ZOcrAnswer),
  }),
  getSettings: endpoint({
    method: 'GET',
    path: 'configurations/idv',
    tag,
    summary: 'Identity verification settings of the data segment',
    access: requireAny('idv-configurations'),
    query: ZIdvSettingsQuery,
    response: successEnvelope(ZIdvSettings),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: 'configurations/idv',
    tag,
    summary: 'Save the identity verification settings',
    access: requireAny('idv-configurations'),
    body: ZIdvSettingsSave,
    response: successEnvelope(ZIdvSettings),
  }),
};
