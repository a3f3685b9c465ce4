import sharp from 'sharp';
import { INDUSTRY_CATEGORIES } from '../../../src/shared/taxonomy';
import type { Person } from '../model';
import type { Rng } from '../prng';

/** The multipart forms with an icon: the alumni registration and the graduation application. */

let photo: Buffer | undefined;
export async function icon(): Promise<Buffer> {
  photo ??= await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  return photo;
}

export async function multipart(fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

/** The alumni profile's fields; her company carries her marker. */
export function mentorFields(
  person: Person,
  graduationYear: number,
  rng: Rng,
): Record<string, string> {
  const industry = rng.pick(INDUSTRY_CATEGORIES);
  return {
    name: person.name,
    nameReading: person.nameReading,
    universityId: person.universityId,
    graduationYear: String(graduationYear),
    industryCategory: industry.name,
    industrySubcategory: rng.pick(industry.subcategories),
    company: `株式会社${person.marker}`,
    message: '就活の悩み、気軽に相談してください。',
  };
}
