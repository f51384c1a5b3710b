import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DELETE_THREAD_CONFIRM } from '../../web/src/screens/chat/model.ts';
import { apiAs, getJson, poll, preview } from './schedule-api.ts';
import { answerDialog, type DemoLogin, expectAccessible, expectNoHorizontalOverflow, loginOf, screenshot, signIn, testNow, useBrowserServer } from './support.ts';
import type { ChatMessage } from '../../web/src/api-types.ts';

const env = useBrowserServer();

// Chat (spec 3 "Chat", sections 4 to 8): a message sent in the new-chat dialog arrives unread (the
// dot), opening the thread reads it; Enter sends in a thread; a thread is deleted after its
// confirmation; the dialog's categories follow the rank (rules/roles.json chatCategories).

const nameOf = (l: DemoLogin): string => `${l.initials} - ${l.name}`;
const threads = (page: Page) => page.getByRole('navigation', { name: 'Threads' });
const thread = (page: Page, l: DemoLogin) => threads(page).getByRole('link', { name: new RegExp(`^${nameOf(l)}`) });
const dot = (page: Page, l: DemoLogin) => thread(page, l).locator('.chat-dot');

async function openChat(page: Page, path = '/chat'): Promise<void> {
  await page.goto(path);
  await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chat');
  await page.getByRole('button', { name: 'New Chat' }).waitFor();
}

async function newChat(page: Page) {
  await page.getByRole('button', { name: 'New Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Chat' });
  await dialog.waitFor();
  return dialog;
}

test.describe('Chat between two agents', () => {
  const sender = (): DemoLogin => loginOf(env.logins, 20);
  const receiver = (): DemoLogin => loginOf(env.logins, 20, 'Spanish speaker');
  const text = `Can you swap Friday? ${Date.now()}`;

  test('sends a new chat, checked by the rules as it is typed', async () => {
    const page = await env.newPage();
    await signIn(page, sender());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
    await openChat(page);
    const dialog = await newChat(page);
    // Focus starts in the dialog.
    expect(await dialog.getByLabel('Category').evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByLabel('Recipient').selectOption({ label: nameOf(receiver()) });
    await dialog.getByLabel('Message').fill('x'.repeat(200));
    await poll(() => preview(page).textContent()).toContain('ERROR: Message must be less than 200 characters.');
    await dialog.getByLabel('Message').fill('   ');
    await poll(() => preview(page).textContent()).toContain('Please type a message.');
    await dialog.getByLabel('Message').fill(text);
    await poll(() => preview(page).textContent()).toContain('The rules allow this.');
    await expectAccessible(page);
    await screenshot(page, 'chat-new-chat');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await answerDialog(page, 'Your message has been sent.');
    await page.waitForURL(`**/chat?to=${receiver().agentId}`);
    expect(await dialog.count()).toBe(0);
    const log = page.getByRole('log', { name: `Messages with ${nameOf(receiver())}` });
    await poll(() => log.locator('li.mine').last().locator('.chat-text').textContent()).toBe(text);
  });

  test('arrives unread on the other side (the dot), and opening the thread reads it, also after a reload', async () => {
    const page = await env.newPage();
    await signIn(page, receiver());
    await openChat(page);
    await poll(() => dot(page, sender()).count()).toBe(1);
    expect(await thread(page, sender()).textContent()).toContain(text);
    expect(await thread(page, sender()).getAttribute('aria-current')).toBeNull();
    await expectAccessible(page);
    await screenshot(page, 'chat-unread');

    await thread(page, sender()).click();
    await page.waitForURL(`**/chat?to=${sender().agentId}`);
    const log = page.getByRole('log', { name: `Messages with ${nameOf(sender())}` });
    const sent = log.locator('li', { hasText: text });
    await poll(() => sent.count()).toBe(1);
    // Grouped under today's date.
    const today = testNow().setZone('America/New_York').toLocaleString(DateTime.DATE_HUGE, { locale: 'en-US' });
    expect(await log.locator('.chat-day').last().getByRole('heading').textContent()).toBe(today);
    expect(await log.locator('.chat-day').last().locator('li', { hasText: text }).count()).toBe(1);
    await poll(() => dot(page, sender()).count()).toBe(0);
    expect(await thread(page, sender()).getAttribute('aria-current')).toBe('page');
    await page.reload();
    await log.waitFor();
    await poll(() => thread(page, sender()).count()).toBe(1);
    expect(await dot(page, sender()).count()).toBe(0);
    // The sender's copy says it was read.
    const api = await apiAs(env.url, sender());
    const mine = (await getJson<ChatMessage[]>(api, `/getMyTexts/${sender().agentId}`)).find((m) => m.message === text);
    expect(mine?.toReadDateTime).not.toBeNull();
    await api.dispose();
  });

  test('answers with Enter, Shift+Enter making a new line; an empty message is refused with the rule message', async () => {
    const page = await env.newPage();
    await signIn(page, receiver());
    await openChat(page, `/chat?to=${sender().agentId}`);
    const input = page.getByLabel(`Message to ${nameOf(sender())}`);
    await input.press('Enter');
    await answerDialog(page, 'Please type a message.');
    await input.fill('Yes, Friday works.');
    await input.press('Shift+Enter');
    await input.pressSequentially('See you then');
    expect(await input.inputValue()).toBe('Yes, Friday works.\nSee you then');
    await input.press('Enter');
    await poll(() => page.getByRole('status').filter({ hasText: 'Your message has been sent.' }).count()).toBe(1);
    expect(await input.inputValue()).toBe('');
    const log = page.getByRole('log', { name: `Messages with ${nameOf(sender())}` });
    await poll(() => log.locator('li.mine').last().locator('.chat-text').textContent()).toBe('Yes, Friday works.\nSee you then');
    expect(await thread(page, sender()).textContent()).toContain('See you then');
    await expectAccessible(page);
    await screenshot(page, 'chat-thread');
  });

  test('deletes a thread after its confirmation, for the one deleting only', async () => {
    const page = await env.newPage();
    await signIn(page, sender());
    await openChat(page, `/chat?to=${receiver().agentId}`);
    const remove = threads(page).getByRole('button', { name: `Delete the thread with ${nameOf(receiver())}` });
    await remove.click();
    await answerDialog(page, DELETE_THREAD_CONFIRM, 'Cancel');
    expect(await thread(page, receiver()).count()).toBe(1);
    await remove.click();
    await answerDialog(page, DELETE_THREAD_CONFIRM, 'OK');
    await answerDialog(page, 'You successfully deleted the thread.');
    await poll(() => thread(page, receiver()).count()).toBe(0);
    await page.waitForURL((u) => u.pathname === '/chat' && u.search === '');
    await page.reload();
    await page.getByRole('button', { name: 'New Chat' }).waitFor();
    await poll(() => page.getByText('Loading your messages').count()).toBe(0);
    expect(await thread(page, receiver()).count()).toBe(0);
    // The other person keeps theirs.
    const api = await apiAs(env.url, receiver());
    const theirs = await getJson<ChatMessage[]>(api, `/getMyTexts/${receiver().agentId}`);
    expect(theirs.some((m) => m.message === text)).toBe(true);
    await api.dispose();
  });
});

test.describe('the new-chat categories by rank', () => {
  test('a call specialist (20): Call Specialists and the fixed Shiftinator Ideas recipient', async () => {
    const page = await env.newPage();
    await signIn(page, loginOf(env.logins, 20));
    await openChat(page);
    const dialog = await newChat(page);
    expect(await dialog.getByLabel('Category').locator('option').allTextContents()).toEqual(['Call Specialists', 'Shiftinator Ideas']);
    const specialists = await getJson<{ agentId: number }[]>(page.request, '/getCallSpecialists');
    // Everyone in the group but oneself, after the empty choice.
    expect(await dialog.getByLabel('Recipient').locator('option').count()).toBe(specialists.length);
    await dialog.getByLabel('Category').selectOption({ label: 'Shiftinator Ideas' });
    const ideas = loginOf(env.logins, 450);
    await poll(() => dialog.getByLabel('Recipient').locator('option').allTextContents()).toEqual([nameOf(ideas)]);
    expect(await dialog.getByLabel('Recipient').inputValue()).toBe(String(ideas.agentId));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    // Escape cancels too, and focus returns to the button.
    await newChat(page);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New Chat' }).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('a manager (240): Call Specialists, Supervision, Management and Shiftinator Ideas; /chat?to= opens a chat with someone', async () => {
    const manager = loginOf(env.logins, 240);
    const page = await env.newPage();
    await signIn(page, manager);
    await openChat(page);
    const dialog = await newChat(page);
    expect(await dialog.getByLabel('Category').locator('option').allTextContents()).toEqual(['Call Specialists', 'Supervision', 'Management', 'Shiftinator Ideas']);
    await dialog.getByLabel('Category').selectOption({ label: 'Supervision' });
    const supervisor = loginOf(env.logins, 100);
    await poll(() => dialog.getByLabel('Recipient').locator('option').allTextContents()).toContain(nameOf(supervisor));
    await dialog.getByLabel('Category').selectOption({ label: 'Management' });
    await poll(() => dialog.getByLabel('Recipient').locator('option').allTextContents()).toContain(nameOf(loginOf(env.logins, 350)));
    expect(await dialog.getByLabel('Recipient').locator('option').allTextContents()).not.toContain(nameOf(manager));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The calendar's link to a person.
    const agent = loginOf(env.logins, 20);
    await openChat(page, `/chat?to=${agent.agentId}`);
    await poll(() => page.getByRole('heading', { level: 2, name: nameOf(agent) }).count()).toBe(1);
    const before = (await getJson<ChatMessage[]>(page.request, `/getMyTexts/${manager.agentId}`)).filter((m) => m.fromEmpID === agent.agentId || m.toEmpID === agent.agentId);
    if (before.length === 0) expect(await page.getByText('No messages yet.').count()).toBe(1);
    await page.getByLabel(`Message to ${nameOf(agent)}`).fill('Please see me after your shift.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await poll(() => thread(page, agent).count()).toBe(1);
  });

  test('fits a 375 px screen: threads above the open one, and the dialog', async () => {
    const page = await env.newPage({ width: 375, height: 800 });
    const login = loginOf(env.logins, 100);
    await signIn(page, login);
    await openChat(page);
    await threads(page).getByRole('link').first().click();
    await page.getByRole('log').waitFor();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'chat-375');
    const dialog = await newChat(page);
    expect(await dialog.getByLabel('Category').locator('option').allTextContents()).toEqual(['Call Specialists', 'Supervision', 'Management', 'Shiftinator Ideas']);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, 'chat-new-chat-375');
  });
});
