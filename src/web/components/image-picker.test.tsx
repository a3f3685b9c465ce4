import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ICON_MAX_BYTES } from '../../shared/constants';
import { i18n } from '../i18n';
import { fitInside, ImageFileError, resizeImageFile, validateImageFile } from '../lib/resize-image';
import { ImagePicker } from './image-picker';

const LABEL = 'プロフィール画像';

interface FakeBitmap {
  width: number;
  height: number;
  close: ReturnType<typeof vi.fn>;
}

function fakeBitmap(width: number, height: number): FakeBitmap {
  return { width, height, close: vi.fn() };
}

function fakeContext() {
  return {
    fillStyle: '',
    fillRect: vi.fn(),
    drawImage: vi.fn(),
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
  };
}

let context: ReturnType<typeof fakeContext>;
let createImageBitmapMock: ReturnType<typeof vi.fn>;
let canvasSizes: { width: number; height: number }[];
let objectUrlCount: number;

beforeEach(() => {
  context = fakeContext();
  canvasSizes = [];
  objectUrlCount = 0;
  createImageBitmapMock = vi.fn(async () => fakeBitmap(1600, 1200));
  vi.stubGlobal('createImageBitmap', createImageBitmapMock);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    canvasSizes.push({ width: this.width, height: this.height });
    callback(new Blob(['jpeg-bytes'], { type: type ?? 'image/png' }));
  });
  URL.createObjectURL = vi.fn(() => `blob:preview-${++objectUrlCount}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  // jsdom has neither; the stubs above must not leak into other test files.
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

function renderPicker(props: Partial<Parameters<typeof ImagePicker>[0]> = {}) {
  const onChange = vi.fn();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ImagePicker label={LABEL} maxSide={800} onChange={onChange} {...props} />
    </I18nextProvider>,
  );
  // The browser filters by `accept`; these tests pick whatever a person could force through.
  const user = userEvent.setup({ applyAccept: false });
  return { onChange, user, ...result };
}

const pngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' });

describe('fitInside', () => {
  it('scales the longer side down to maxSide and keeps the ratio', () => {
    expect(fitInside(3000, 2000, 800)).toEqual({ width: 800, height: 533 });
    expect(fitInside(2000, 3000, 800)).toEqual({ width: 533, height: 800 });
  });

  it('never enlarges a small image', () => {
    expect(fitInside(300, 200, 800)).toEqual({ width: 300, height: 200 });
    expect(fitInside(800, 800, 800)).toEqual({ width: 800, height: 800 });
  });
});

describe('validateImageFile', () => {
  it('accepts an image within the size limit and rejects other types and big files', () => {
    expect(validateImageFile(pngFile())).toBeNull();
    expect(validateImageFile(new File(['hi'], 'a.txt', { type: 'text/plain' }))?.reason).toBe(
      'not-an-image',
    );
    const big = new File([new Uint8Array(ICON_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(validateImageFile(big)?.reason).toBe('too-large');
  });
});

describe('resizeImageFile', () => {
  it('draws on white at the fitted size and encodes JPEG at quality 0.9 with <canvas>', async () => {
    const toBlob = vi.mocked(HTMLCanvasElement.prototype.toBlob);
    const bitmap = fakeBitmap(3000, 2000);
    createImageBitmapMock.mockResolvedValueOnce(bitmap);
    const blob = await resizeImageFile(pngFile(), 800);
    expect(blob.type).toBe('image/jpeg');
    expect(createImageBitmapMock).toHaveBeenCalledWith(expect.any(File), {
      imageOrientation: 'from-image',
    });
    expect(canvasSizes).toEqual([{ width: 800, height: 533 }]);
    expect(context.fillStyle).toBe('#ffffff');
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 800, 533);
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 800, 533);
    expect(context.fillRect.mock.invocationCallOrder[0]).toBeLessThan(
      context.drawImage.mock.invocationCallOrder[0]!,
    );
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.9);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('uses OffscreenCanvas.convertToBlob when the browser has it', async () => {
    const convertToBlob = vi.fn(async (options: ImageEncodeOptions) => new Blob(['x'], options));
    const sizes: number[][] = [];
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(width: number, height: number) {
          sizes.push([width, height]);
        }
        getContext = () => context;
        convertToBlob = convertToBlob;
      },
    );
    createImageBitmapMock.mockResolvedValueOnce(fakeBitmap(300, 200));
    const blob = await resizeImageFile(pngFile(), 400);
    expect(blob.type).toBe('image/jpeg');
    expect(sizes).toEqual([[300, 200]]);
    expect(convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: 0.9 });
    expect(HTMLCanvasElement.prototype.toBlob).not.toHaveBeenCalled();
  });

  it('reports a file the browser cannot decode as not-an-image', async () => {
    createImageBitmapMock.mockRejectedValueOnce(new DOMException('bad', 'InvalidStateError'));
    const error = await resizeImageFile(pngFile(), 800).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageFileError);
    expect((error as ImageFileError).reason).toBe('not-an-image');
  });
});

describe('ImagePicker', () => {
  it('ties the label and the 5 MB hint to the file input', () => {
    renderPicker({ required: true });
    const input = screen.getByLabelText(LABEL);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('5MBまでの画像ファイルを選択してください。');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('rejects a text file, calls onChange(null) and clears the input', async () => {
    const { onChange, user } = renderPicker();
    const input = screen.getByLabelText<HTMLInputElement>(LABEL);
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('画像ファイルを選択してください。');
    expect(onChange).toHaveBeenCalledWith(null);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input.value).toBe('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/画像ファイルを選択してください。$/);
    expect(createImageBitmapMock).not.toHaveBeenCalled();
  });

  it('rejects a 6 MB image', async () => {
    const { onChange, user } = renderPicker();
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(LABEL), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '画像サイズは5MB以下にしてください。',
    );
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('rejects an image file the browser cannot decode', async () => {
    createImageBitmapMock.mockRejectedValueOnce(new DOMException('bad', 'InvalidStateError'));
    const { onChange, user } = renderPicker();
    await user.upload(screen.getByLabelText(LABEL), pngFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('画像ファイルを選択してください。');
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('says the image could not be processed when the browser cannot encode it', async () => {
    vi.mocked(HTMLCanvasElement.prototype.toBlob).mockImplementationOnce((callback) =>
      callback(null),
    );
    const { onChange, user } = renderPicker();
    await user.upload(screen.getByLabelText(LABEL), pngFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '画像を処理できませんでした。別の画像を選択してください。',
    );
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('resizes a valid PNG, hands a JPEG to onChange and shows the preview', async () => {
    const { onChange, user } = renderPicker();
    await user.upload(screen.getByLabelText(LABEL), pngFile());
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const blob = onChange.mock.calls[0]![0] as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/jpeg');
    expect(canvasSizes).toEqual([{ width: 800, height: 600 }]);
    const preview = screen.getByRole('img', { name: 'プロフィール画像のプレビュー' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(screen.getByRole('alert', { hidden: true })).not.toBeVisible();
    expect(screen.getByLabelText(LABEL)).not.toHaveAttribute('aria-invalid');
  });

  it('announces processing while the image is being resized', async () => {
    let finish: (bitmap: FakeBitmap) => void = () => {};
    createImageBitmapMock.mockImplementationOnce(
      () => new Promise<FakeBitmap>((resolve) => (finish = resolve)),
    );
    const { onChange, user } = renderPicker();
    await user.upload(screen.getByLabelText(LABEL), pngFile());
    const status = await screen.findByText('画像を処理しています…');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(onChange).not.toHaveBeenCalled();
    finish(fakeBitmap(100, 100));
    await waitFor(() => expect(screen.queryByText('画像を処理しています…')).toBeNull());
    expect(onChange).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('revokes the previous preview URL on a new pick and on unmount', async () => {
    const { onChange, user, unmount } = renderPicker();
    const input = screen.getByLabelText(LABEL);
    await user.upload(input, pngFile());
    await screen.findByRole('img', { name: 'プロフィール画像のプレビュー' });
    await user.upload(input, pngFile());
    await waitFor(() => expect(screen.getByRole('img')).toHaveAttribute('src', 'blob:preview-2'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(onChange).toHaveBeenCalledTimes(2);
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it('shows initialUrl until a file is picked, and again after a bad one', async () => {
    const { user } = renderPicker({ initialUrl: '/api/icons/u1.jpg' });
    expect(screen.getByRole('img', { name: '現在のプロフィール画像' })).toHaveAttribute(
      'src',
      '/api/icons/u1.jpg',
    );
    const input = screen.getByLabelText(LABEL);
    await user.upload(input, pngFile());
    expect(
      await screen.findByRole('img', { name: 'プロフィール画像のプレビュー' }),
    ).toHaveAttribute('src', 'blob:preview-1');
    await user.upload(input, new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('img', { name: '現在のプロフィール画像' })).toHaveAttribute(
      'src',
      '/api/icons/u1.jpg',
    );
  });

  it("shows the parent's errorKey in the alert linked to the input", () => {
    renderPicker({ errorKey: 'validation.imageRequired' });
    const input = screen.getByLabelText(LABEL);
    expect(screen.getByRole('alert')).toHaveTextContent('プロフィール画像を選択してください。');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/プロフィール画像を選択してください。$/);
  });
});
