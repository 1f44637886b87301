import { z } from 'zod';
import { STATUS_REVIEW_ROLES } from './permissions';

export const ZStatusReviewRole = z.enum(STATUS_REVIEW_ROLES);
