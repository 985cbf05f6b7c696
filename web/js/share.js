// The invitation box: share code, link with a copy button, and a QR code of the link.
import qrcode from 'qrcode-generator';
import { h, icon } from './dom.js';
import { t, translated } from './i18n.js';

// An <img> QR code for text (SVG data URL, dark on light for every phone camera).
export function qrImage(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let path = '';
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.isDark(y, x)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  const size = n + 8;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#10132a"/></svg>`;
  return h('img', {
    class: 'qr',
    src: `data:image/svg+xml;base64,${btoa(svg)}`,
    alt: t('qr_alt'),
    'data-i18n-alt': 'qr_alt',
    width: 168,
    height: 168,
  });
}

// Copies text to the clipboard; falls back to selecting input for a manual copy.
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus({ preventScroll: true });
      input.select();
    }
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

// The button (id) that copies link (falling back on selecting input): an icon and label (an
// element), which says for 2 s whether the copy worked (the button marked 'ok' when it did).
export function copyButton({ id, link, input, label }) {
  const button = h(
    'button',
    {
      type: 'button',
      class: 'btn copy',
      id,
      onclick: async () => {
        const ok = await copyText(link, input);
        label.textContent = ok ? t('copied') : t('copy_failed');
        button.classList.toggle('ok', ok);
        setTimeout(() => {
          label.textContent = t('copy');
          button.classList.remove('ok');
        }, 2000);
      },
    },
    icon('copy'),
    label
  );
  return button;
}

// The full share box for a match code and link.
export function shareBox(code, link) {
  const input = h('input', {
    class: 'link-input',
    id: 'share-link',
    type: 'text',
    readOnly: true,
    value: link,
    'aria-label': t('share_link'),
    onfocus: (e) => e.target.select(),
  });
  const copyBtn = copyButton({ id: 'copy-link', link, input, label: translated('span', {}, 'copy') });
  return h(
    'div',
    { class: 'share-box' },
    h(
      'div',
      { class: 'share-main' },
      translated('p', { class: 'share-text' }, 'share_text'),
      h(
        'div',
        { class: 'share-code-row' },
        translated('span', { class: 'k' }, 'share_code'),
        h('strong', { class: 'share-code', id: 'share-code' }, code)
      ),
      h('div', { class: 'link-row' }, input, copyBtn)
    ),
    h('div', { class: 'qr-wrap' }, qrImage(link))
  );
}
