import { describe, expect, it } from 'vitest';
import { InvalidSvgError, looksLikeSvg, sanitiseSvg } from './svg-sanitiser.ts';

const wrap = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${attrs}>${inner}</svg>`;

describe('sanitiseSvg', () => {
  it('keeps a plain drawing as it is', () => {
    const svg = wrap('<g fill="#f00"><circle cx="12" cy="12" r="10"/><path d="M0 0L24 24"/></g>');
    expect(sanitiseSvg(svg)).toBe(svg);
  });

  it('drops <script> elements with everything inside them, also CDATA scripts', () => {
    const out = sanitiseSvg(
      wrap(
        '<script>alert(1)</script><circle r="1"/><script type="text/javascript"><![CDATA[fetch("x")]]></script>',
      ),
    );
    expect(out).not.toMatch(/script|alert|fetch/i);
    expect(out).toContain('<circle r="1"/>');
  });

  it('drops event handler attributes', () => {
    const out = sanitiseSvg(wrap('<rect width="5" onclick="alert(1)" onload="x()"/>', ' onload="alert(2)"'));
    expect(out).not.toMatch(/onload|onclick|alert/);
    expect(out).toContain('<rect width="5"/>');
  });

  it('drops foreignObject, image, animations and links with their contents', () => {
    const out = sanitiseSvg(
      wrap(
        '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"/></body></foreignObject>' +
          '<image href="https://evil.test/x.png"/><a href="javascript:alert(1)"><text>t</text></a>' +
          '<set attributeName="href" to="javascript:alert(1)"/><animate attributeName="x"/>',
      ),
    );
    expect(out).not.toMatch(/foreignObject|iframe|evil|image|javascript|<a|<set|animate/);
  });

  it('keeps only same-document references', () => {
    const out = sanitiseSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
          '<rect fill="url(#g)"/><rect fill="url(https://evil.test/#g)"/><use href="#g"/>' +
          '<use xlink:href="https://evil.test/sprite.svg#a"/><rect style="fill:url(\'http://evil.test\')"/>',
      ),
    );
    expect(out).toContain('<rect fill="url(#g)"/>');
    expect(out).toContain('<use href="#g"/>');
    expect(out).not.toContain('evil');
  });

  it('leaves out a style sheet that imports or loads from elsewhere, and keeps a local one', () => {
    expect(sanitiseSvg(wrap('<style>@import url(https://evil.test/a.css);</style>'))).not.toContain('evil');
    expect(sanitiseSvg(wrap('<style>.a{fill:red}</style>'))).toContain('<style>.a{fill:red}</style>');
  });

  it('drops comments, processing instructions and the DOCTYPE with its entities', () => {
    const out = sanitiseSvg(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><!-- c -->' +
        wrap('<?php echo 1 ?><!-- <script> --><title>Like</title>'),
    );
    expect(out).toBe(wrap('<title>Like</title>'));
  });

  it('refuses entities it does not know instead of expanding them', () => {
    expect(() => sanitiseSvg(wrap('<title>&x;</title>'))).toThrow(InvalidSvgError);
  });

  it('escapes text and attribute values again on the way out', () => {
    const out = sanitiseSvg(wrap('<title>a &lt;b&gt; &amp; "c"</title>', ' id="a&quot;b"'));
    expect(out).toContain('<title>a &lt;b&gt; &amp; "c"</title>');
    expect(out).toContain('id="a&quot;b"');
  });

  it('refuses what is not a well-formed SVG document', () => {
    for (const bad of [
      '<html><script>alert(1)</script></html>',
      '<svg><g></svg>',
      '<svg><circle r=1/></svg>',
      '<svg></svg><script>alert(1)</script>',
      'just text',
      '<svg a="1"b="2"></svg>',
    ]) {
      expect(() => sanitiseSvg(bad), bad).toThrow(InvalidSvgError);
    }
  });

  it('adds the SVG namespace when the root lacks it, so the file renders as an image', () => {
    expect(sanitiseSvg('<svg viewBox="0 0 1 1"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    );
  });
});

describe('looksLikeSvg', () => {
  it('recognises SVG documents and nothing else', () => {
    expect(looksLikeSvg(Buffer.from('<?xml version="1.0"?>\n<!-- x --><svg xmlns="x"></svg>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<svg>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<html><svg></svg></html>'))).toBe(false);
    expect(looksLikeSvg(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});
