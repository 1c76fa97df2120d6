/**
 * The HTML part of every message: its content's blocks (src/shared/mail/content.ts) under a heading,
 * and the venue's name, address and phone at the foot, in React Email's components. Inline styles
 * only; no images, fonts or anything else loaded from elsewhere, so a message reads the same offline
 * and tells no one it was opened.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { Fact, MailBlock, MailContent, Venue } from './content';

const body = { backgroundColor: '#f4f5f2', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1b2a1f', margin: 0, padding: '24px 0' };
const container = { backgroundColor: '#ffffff', maxWidth: '560px', padding: '24px 28px', borderRadius: '8px' };
const heading = { fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' };
const text = { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' };
const label = { fontWeight: 700 };
const footer = { fontSize: '13px', lineHeight: '20px', color: '#4a5a4e', margin: 0 };

function MailLayout({ venue, preview, title, children }: { venue: Venue; preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Heading as="h1" style={heading}>
            {title}
          </Heading>
          {children}
          <Hr />
          <Text style={footer}>
            {venue.name}
            <br />
            {venue.address}
            <br />
            <Link href={venue.phoneHref}>{venue.phone}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <Section>
      {facts.map((fact) => (
        <Text key={fact.label} style={text}>
          <span style={label}>{fact.label}:</span> {fact.value}
        </Text>
      ))}
    </Section>
  );
}

function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={text}>
      <Link href={href}>{children}</Link>
    </Text>
  );
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <Paragraph>{block.text}</Paragraph>;
    case 'facts':
      return <Facts facts={block.facts} />;
    case 'link':
      return <ActionLink href={block.href}>{block.text}</ActionLink>;
  }
}

/** A whole message: its title, preview line and blocks in the venue's frame. */
export function MailDocument({ venue, content }: { venue: Venue; content: MailContent }) {
  return (
    <MailLayout venue={venue} preview={content.preview} title={content.title}>
      {content.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </MailLayout>
  );
}
