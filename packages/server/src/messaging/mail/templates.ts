import { LANGUAGES, type Language } from '@perch/contract';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import et from './messages/et.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import he from './messages/he.json' with { type: 'json' };
import hu from './messages/hu.json' with { type: 'json' };
import it from './messages/it.json' with { type: 'json' };
import nl from './messages/nl.json' with { type: 'json' };
import pl from './messages/pl.json' with { type: 'json' };
import pt from './messages/pt.json' with { type: 'json' };
import ro from './messages/ro.json' with { type: 'json' };

/**
 * Mail templates: one catalogue per language (`messages/<lang>.json`, the same keys in all),
 * rendered into one HTML layout and a plain-text twin. Values are filled into `{{name}}`
 * placeholders, HTML-escaped in the HTML part.
 */

type Catalogue = typeof en;
export type MailKind = Exclude<keyof Catalogue, 'layout'>;

interface TemplateText {
  subject: string;
  heading: string;
  lines: string[];
  /** Lines that follow `lines` only when the value they name is given (not blank), e.g. a reason. */
  whenGiven?: Record<string, string>;
  button?: string;
  /** The label of a second, quieter button (`secondLink`), e.g. "I won't come" beside "Check in". */
  secondButton?: string;
  note?: string;
}

const CATALOGUES: Record<Language, Catalogue> = { en, de, et, fr, he, hu, it, nl, pl, pt, ro, es };
const RIGHT_TO_LEFT = new Set<Language>(['he']);

export const MAIL_KINDS = Object.keys(en).filter((k) => k !== 'layout') as MailKind[];

/** A language's catalogue, for phrases a mail's values are made of (e.g. the name of a sign-in method). */
export const mailCatalogue = (language: Language): Catalogue => CATALOGUES[language];

/** The language to write in: the first supported one of the candidates, else English. */
export function mailLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const c of candidates) {
    const lang = c?.trim().toLowerCase().slice(0, 2);
    if (lang && (LANGUAGES as readonly string[]).includes(lang)) return lang as Language;
  }
  return 'en';
}

export type MailValues = Record<string, string | number>;

export interface MailContent {
  kind: MailKind;
  language: Language;
  /** Values of the placeholders; `name` greets the recipient, `orgName` signs the footer. */
  values: MailValues;
  /** The address the button leads to (shown in full below it, and in the text part). */
  link?: string;
  /** The address of the second button, when the template has one. */
  secondLink?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, values: MailValues, escape: (s: string) => string): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escape(String(values[key] ?? '')));

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const plain = (s: string): string => s;

/** The recipient's name for the greeting: the first name, else the address's local part, capitalised. */
export function greetingName(firstname: string, email: string): string {
  if (firstname.trim()) return firstname.trim();
  const local = email.split('@')[0] ?? '';
  return local.charAt(0).toUpperCase() + local.slice(1);
}

export function renderMail(content: MailContent): RenderedMail {
  const catalogue = CATALOGUES[content.language];
  const t = catalogue[content.kind] as TemplateText;
  const layout = catalogue.layout;
  const { values, link, secondLink } = content;
  const text = (s: string) => fill(s, values, plain);
  const html = (s: string) => fill(s, values, escapeHtml);

  const subject = text(t.subject);
  const given = (key: string) => String(values[key] ?? '').trim() !== '';
  const lines = [...t.lines, ...Object.entries(t.whenGiven ?? {}).flatMap(([key, l]) => (given(key) ? [l] : []))];
  const textParts = [
    text(layout.greeting),
    '',
    ...lines.map(text),
    ...(link ? ['', `${t.button ? `${text(t.button)}: ` : ''}${link}`] : []),
    ...(secondLink && t.secondButton ? ['', `${text(t.secondButton)}: ${secondLink}`] : []),
    ...(t.note ? ['', text(t.note)] : []),
    '',
    '--',
    text(layout.footer),
    text(layout.automatic),
  ];

  const dir = RIGHT_TO_LEFT.has(content.language) ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const p = (s: string) => `<p style="margin:0 0 12px">${s}</p>`;
  const safeLink = link ? escapeHtml(link) : '';
  const button =
    link && t.button
      ? `<p style="margin:20px 0"><a href="${safeLink}" style="display:inline-block;background:#1c7ed6;color:#ffffff;` +
        `text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${html(t.button)}</a></p>` +
        `<p style="margin:0 0 12px;font-size:13px;color:#555">${html(layout.buttonFallback)}<br>` +
        `<a href="${safeLink}" style="color:#1c7ed6;word-break:break-all">${safeLink}</a></p>`
      : link
        ? p(`<a href="${safeLink}" style="color:#1c7ed6;word-break:break-all">${safeLink}</a>`)
        : '';
  const safeSecond = secondLink ? escapeHtml(secondLink) : '';
  const secondButton =
    secondLink && t.secondButton
      ? `<p style="margin:12px 0 20px"><a href="${safeSecond}" style="display:inline-block;background:#ffffff;color:#1c7ed6;` +
        `text-decoration:none;padding:9px 17px;border:1px solid #1c7ed6;border-radius:6px;font-weight:600">${html(t.secondButton)}</a></p>` +
        `<p style="margin:0 0 12px;font-size:13px;color:#555"><a href="${safeSecond}" style="color:#1c7ed6;word-break:break-all">${safeSecond}</a></p>`
      : '';
  const htmlBody =
    `<!DOCTYPE html><html lang="${content.language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width"><title>${html(t.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f3f5">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">` +
    `<tr><td dir="${dir}" style="padding:28px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#212529;text-align:${align}">` +
    `<h1 style="margin:0 0 16px;font-size:20px">${html(t.heading)}</h1>` +
    p(html(layout.greeting)) +
    lines.map((l) => p(html(l))).join('') +
    button +
    secondButton +
    (t.note ? `<p style="margin:16px 0 0;font-size:13px;color:#555">${html(t.note)}</p>` : '') +
    `</td></tr></table>` +
    `<p dir="${dir}" style="margin:12px 0 0;font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#868e96">` +
    `${html(layout.footer)}<br>${html(layout.automatic)}</p>` +
    `</td></tr></table></body></html>`;

  return { subject: subject.replace(/[\r\n]+/g, ' '), text: textParts.join('\n'), html: htmlBody };
}
