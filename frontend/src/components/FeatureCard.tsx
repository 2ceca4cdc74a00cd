import { Icon, type IconName } from './icons';

export interface Feature {
  icon: IconName;
  title: string;
  body: string;
}

export function FeatureCard({ feature, headingLevel = 3 }: { feature: Feature; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card feature-card">
      <span className="feature-icon">
        <Icon name={feature.icon} />
      </span>
      <Heading>{feature.title}</Heading>
      <p>{feature.body}</p>
    </article>
  );
}
