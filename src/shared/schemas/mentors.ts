import { z } from 'zod';
import { MENTOR_MESSAGE_MAX_LENGTH, MIN_GRADUATION_YEAR } from '../constants';
import { findCategory, isValidIndustry } from '../taxonomy';
import { requiredText } from './common';

/** The alumni profile fields shared by registration and edit (spec section 5). */
export const mentorProfileFieldsSchema = z
  .object({
    name: requiredText('validation.mentorNameRequired'),
    universityId: z
      .string({ error: 'validation.universityRequired' })
      .trim()
      .min(1, 'validation.universityRequired')
      .max(100),
    graduationYear: z.coerce
      .number({ error: 'validation.graduationYearRequired' })
      .int('validation.graduationYearRequired')
      .min(MIN_GRADUATION_YEAR, 'validation.graduationYearRequired')
      .refine((year) => year <= new Date().getFullYear(), 'validation.graduationYearRequired'),
    industryCategory: requiredText('validation.industryCategoryRequired'),
    industrySubcategory: z.string().trim().max(100).optional(),
    company: requiredText('validation.companyRequired'),
    message: z
      .string({ error: 'validation.messageRequired' })
      .trim()
      .min(1, 'validation.messageRequired')
      .max(MENTOR_MESSAGE_MAX_LENGTH, 'validation.messageTooLong'),
  })
  .superRefine((value, context) => {
    const category = findCategory(value.industryCategory);
    if (!category) {
      context.addIssue({
        code: 'custom',
        path: ['industryCategory'],
        message: 'validation.industryCategoryRequired',
      });
      return;
    }
    // その他 may stop at the category; every other category needs one of its subcategories.
    const subcategory = value.industrySubcategory || undefined;
    if (!isValidIndustry(category.name, subcategory)) {
      context.addIssue({
        code: 'custom',
        path: ['industrySubcategory'],
        message: 'validation.industrySubcategoryRequired',
      });
    }
  });

export type MentorProfileFields = z.output<typeof mentorProfileFieldsSchema>;

export const mentorRegistrationSchema = z.intersection(
  mentorProfileFieldsSchema,
  z.object({
    email: z.string().trim().toLowerCase().max(254),
    code: z.string().trim().toUpperCase().max(20),
    website: z.string().max(200).optional(),
  }),
);
export type MentorRegistrationFields = z.input<typeof mentorRegistrationSchema>;

export const mentorCardSchema = z.object({
  urlParam: z.string(),
  name: z.string(),
  universityName: z.string(),
  graduationYear: z.number(),
  industry: z.string(),
  company: z.string(),
  message: z.string(),
  iconUrl: z.string().nullable(),
});
export type MentorCard = z.infer<typeof mentorCardSchema>;

export const mentorProfileSchema = mentorCardSchema.extend({
  universityId: z.string().nullable(),
  contactEmail: z.string(),
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;

export const MENTOR_PAGE_SIZE = 24;

/** The OG list's filters: all optional, all in the URL so a search can be shared. */
export const mentorListQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  subcategory: z.string().trim().max(100).optional(),
  university: z.string().trim().max(100).optional(),
  yearFrom: z.coerce.number().int().min(1900).max(3000).optional(),
  yearTo: z.coerce.number().int().min(1900).max(3000).optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export type MentorListQuery = z.input<typeof mentorListQuerySchema>;

export const mentorListPageSchema = z.object({
  items: z.array(mentorCardSchema),
  nextCursor: z.string().nullable(),
});
export type MentorListPage = z.infer<typeof mentorListPageSchema>;

/**
 * Who invited an alumnus, shown on the detail page so students can trust the profile: an
 * alumnus (name and graduation year) or the seminar's staff (an admin without a profile);
 * null when the inviter has left, is suspended, or the account predates invitations.
 */
export const mentorInviterSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('alumnus'), name: z.string(), graduationYear: z.number().int() }),
    z.object({ kind: z.literal('staff') }),
  ])
  .nullable();
export type MentorInviter = z.infer<typeof mentorInviterSchema>;

/** The detail page: the card, the employer, the contact (signed-in users only), the inviter. */
export const mentorDetailSchema = mentorCardSchema.extend({
  contactEmail: z.string(),
  invitedBy: mentorInviterSchema,
});
export type MentorDetail = z.infer<typeof mentorDetailSchema>;

export const mentorProfileUpdateResultSchema = z.object({
  /** false when the text was saved but the new image could not be stored. */
  imageUpdated: z.boolean(),
});
