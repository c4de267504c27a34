import { describe, expect, it } from 'vitest';
import { contactMail, escapeHtml, resetPasswordMail, welcomeMail } from './templates';

const LINK = 'https://qk.example/en/reset-password?token=abc_DEF-123';

describe('mail templates', () => {
  it('says the same in the text and HTML of the reset mail, in each language', () => {
    const en = resetPasswordMail('en', LINK);
    expect(en.subject).toBe('Reset your Questkeeper password');
    expect(en.text).toBe(
      [
        'Someone asked to reset the password of your Questkeeper account.',
        '',
        'Open this link within one hour to choose a new password (it works once):',
        LINK,
        '',
        'If it was not you, ignore this message: your password stays as it is.',
        '',
        'May your dice roll high,',
        'The Questkeeper team',
        '',
      ].join('\n'),
    );
    expect(en.html).toContain(`<a href="${LINK}"`);
    expect(en.html).toContain('within one hour');
    expect(en.html).toContain('<html lang="en">');

    const fr = resetPasswordMail('fr', LINK.replace('/en/', '/fr/'));
    expect(fr.subject).toBe('Réinitialisez votre mot de passe Questkeeper');
    expect(fr.text).toContain("Ouvrez ce lien dans l'heure");
    expect(fr.html).toContain('Ouvrez ce lien dans l&#39;heure');
    expect(fr.html).toContain('<html lang="fr">');
  });

  it('loads nothing from outside the mail (no images, fonts or stylesheets)', () => {
    for (const mail of [
      resetPasswordMail('fr', LINK),
      welcomeMail('en', 'gm@example.test', 'https://qk.example/en/dashboard'),
      contactMail({ email: 'gm@example.test', tier: 'Hero', subject: 'Hi', message: 'Hello' }),
    ]) {
      expect(mail.html).not.toMatch(/<img|<link|@import|url\(|src=/i);
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
      for (const href of hrefs) expect(href).toMatch(/^https:\/\/qk\.example\//);
    }
  });

  it('escapes user input in the contact HTML and keeps the subject on one line', () => {
    const mail = contactMail({
      email: 'a"b@example.test',
      tier: 'Adventurer',
      subject: ' <script>x</script>\r\n\tsecond line ',
      message: '<img src=x onerror=alert(1)>\n& "quoted"',
    });
    expect(mail.subject).toBe('[Questkeeper support] <script>x</script> second line');
    expect(mail.text).toBe(
      'From: a"b@example.test (tier Adventurer)\n\n<img src=x onerror=alert(1)>\n& "quoted"',
    );
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;\n&amp; &quot;quoted&quot;');
    expect(mail.html).toContain('a&quot;b@example.test');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
