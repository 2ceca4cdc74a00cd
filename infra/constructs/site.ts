import { Duration, Fn, RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { routes, type RouteDef } from '../../shared/routes';
import { APP_SHELL_FILE, HTML_PATHS, pageFile } from '../../shared/site-pages';
import { notFoundHtml, rewriteFunctionCode } from '../site/rewrite-function';
import { CONTENT_SECURITY_POLICY, HSTS_MAX_AGE_SECONDS } from '../site/security-headers';

export interface SiteProps {
  api: HttpApi;
  /** The built frontend (`npm run build`); a placeholder page is deployed when it is absent. */
  distDir: string;
  domain?: { names: string[]; certificateArn: string };
  webAclArn?: string;
  /** A header CloudFront adds to every API request, whose value (a secret) the API checks. */
  originVerify?: { header: string; value: string };
}

/** Days the site bucket's access logs are kept (CloudFront's: infra/constructs/cloudfront-logs.ts, as long). */
export const LOG_RETENTION_DAYS = 30;

/** The CloudFront path pattern of a route: `/api/auth/{proxy+}` → `/api/auth/*`. */
export function pathPattern(route: Pick<RouteDef, 'path'>): string {
  return route.path.replace(/\{[^}]+\+\}/g, '*').replace(/\{[^}]+\}/g, '*');
}

/** The S3 site behind CloudFront, with `/api/*` routed to the HTTP API on the same origin. */
export class Site extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  /** The site bucket's access logs (site-bucket/), kept LOG_RETENTION_DAYS. */
  readonly logBucket: Bucket;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    this.logBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // ACLs stay on: CloudFront's legacy logs (cloudfront/, before standard logging v2) were written with
      // one and expire here; S3's own access logs are written as before.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(LOG_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
    });

    const securityHeaders = this.securityHeaders('SecurityHeaders', true);
    // An API response that sets its own Referrer-Policy keeps it (the desktop callback's no-referrer
    // keeps its one-time code out of the next request); the others get the site's.
    const apiSecurityHeaders = this.securityHeaders('ApiSecurityHeaders', false);

    const rewrite = new CloudFrontFunction(this, 'Rewrite', {
      code: FunctionCode.fromInline(rewriteFunctionCode({ notFoundPage: notFoundHtml(props.distDir) })),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Signed-out visits to signed-in routes to sign-in, pages to their HTML file, client routes to the app shell, other paths 404',
    });

    // Site objects carry their own Cache-Control (set at deployment); CloudFront honours it from 0 s up.
    const siteCache = new CachePolicy(this, 'SiteCache', {
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.api.apiEndpoint)), {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: props.originVerify ? { [props.originVerify.header]: props.originVerify.value } : undefined,
    });
    const apiBehaviors = this.apiBehaviors(apiOrigin, apiSecurityHeaders);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Voxpen site and API',
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultRootObject: '',
      domainNames: props.domain?.names,
      certificate: props.domain && Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
      // Applies with a custom domain; the default *.cloudfront.net certificate's policy is AWS's (TLSv1 allowed).
      minimumProtocolVersion: props.domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      // IPv4 only at the edge: every per-visitor limit (the WAF rate rule, the API's own) must count one
      // client as one, and an IPv6 client owns a /64 of 2^64 addresses. AWS WAF's rate rules count each
      // IPv6 address apart (no prefix key) and run before any CloudFront function could add one, so with
      // IPv6 on the WAF rule would not hold. Dual-stack and NAT64 clients reach IPv4 as they do any
      // IPv4-only site (docs/security.md).
      enableIpv6: false,
      // No legacy standard logging: it records every query string (Google's one-time code, Stripe's session
      // id). Access logs are CloudFront's standard logging v2, without them (infra/constructs/cloudfront-logs.ts).
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: siteCache,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: apiBehaviors,
    });

    this.deploy(props.distDir);
  }

  private securityHeaders(id: string, overrideReferrerPolicy: boolean): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, id, {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: overrideReferrerPolicy },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      },
    });
  }

  /**
   * One behaviour per route pattern, from the route table: cached only where the route says so (by
   * its own Cache-Control), cookies and Authorization forwarded only to routes that take a session.
   */
  private apiBehaviors(origin: HttpOrigin, securityHeaders: ResponseHeadersPolicy): Record<string, BehaviorOptions> {
    // Origin and Sec-Fetch-Site: what the same-origin rule of a public page write (the contact form) reads (functions/lib/policy.ts).
    const publicHeaders = ['content-type', 'origin', 'sec-fetch-site', 'cloudfront-viewer-address', 'user-agent'];
    const publicRequestPolicies = new Map<string, OriginRequestPolicy>();
    /** Public routes get no cookies; the viewer address (per-visitor rate limits) and any header the route names. */
    const publicRequests = (extra: readonly string[] = []) => {
      const key = [...extra].sort().join(',');
      let policy = publicRequestPolicies.get(key);
      if (!policy) {
        policy = new OriginRequestPolicy(this, key ? `ApiPublicRequests-${key.replace(/[^A-Za-z0-9]/g, '')}` : 'ApiPublicRequests', {
          comment: `Public API routes: no cookies; the viewer address${key ? ` and ${key}` : ''}`,
          cookieBehavior: OriginRequestCookieBehavior.none(),
          queryStringBehavior: OriginRequestQueryStringBehavior.all(),
          headerBehavior: OriginRequestHeaderBehavior.allowList(...publicHeaders, ...extra),
        });
        publicRequestPolicies.set(key, policy);
      }
      return policy;
    };
    const cachePolicies = new Map<string, CachePolicy>();
    /**
     * Cached by the answer's own Cache-Control (min TTL 0, so `no-store` is never stored), keyed by the
     * path and only the query parameters the route names: any other query string would split the cache
     * for nothing, and one the answer varies by (latest-version's `platform`) must be in the key.
     */
    const cachedByOrigin = (seconds: number, queryStrings: readonly string[] = []) => {
      const names = [...queryStrings].sort();
      const id = `ApiCache${seconds}${names.map((n) => `By${n.charAt(0).toUpperCase()}${n.slice(1)}`).join('')}`;
      let policy = cachePolicies.get(id);
      if (!policy) {
        policy = new CachePolicy(this, id, {
          comment: `API answers cached by their own Cache-Control, at most ${seconds} s${names.length ? `, by ${names.join(', ')}` : ''}`,
          minTtl: Duration.seconds(0),
          defaultTtl: Duration.seconds(0),
          maxTtl: Duration.seconds(seconds),
          headerBehavior: CacheHeaderBehavior.none(),
          queryStringBehavior: names.length ? CacheQueryStringBehavior.allowList(...names) : CacheQueryStringBehavior.none(),
          enableAcceptEncodingGzip: true,
          enableAcceptEncodingBrotli: true,
        });
        cachePolicies.set(id, policy);
      }
      return policy;
    };

    const behaviorFor = (route?: RouteDef): BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      compress: true,
      responseHeadersPolicy: securityHeaders,
      cachePolicy: route?.cdnCacheSeconds ? cachedByOrigin(route.cdnCacheSeconds, route.cacheQueryStrings) : CachePolicy.CACHING_DISABLED,
      originRequestPolicy: route?.forwardsCredentials ? OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER : publicRequests(route?.forwardsHeaders),
    });

    const behaviors: Record<string, BehaviorOptions> = {};
    for (const route of routes) behaviors[pathPattern(route)] ??= behaviorFor(route);
    // Anything else under /api reaches API Gateway, which answers 404 itself (never the site's shell).
    behaviors['/api/*'] ??= behaviorFor();
    return behaviors;
  }

  /**
   * Hashed assets first (cached a year, immutable), then everything else, then HTML (no-cache) with an
   * invalidation of HTML paths only. Nothing is pruned, so a visitor holding an older page still gets
   * the chunks it asks for during a rollout.
   */
  private deploy(distDir: string) {
    const dir = existsSync(resolve(distDir, 'index.html')) ? distDir : resolve(import.meta.dirname, '../site/placeholder');
    const source = [Source.asset(dir)];
    const html = ['*.html', 'sitemap.xml', 'robots.txt'];
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: source,
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    assets.node.addDependency(this.bucket);
    const other = new BucketDeployment(this, 'DeployOther', {
      sources: source,
      destinationBucket: this.bucket,
      exclude: [...html, 'assets/*', '*.map'],
      cacheControl: [CacheControl.fromString('public, max-age=3600')],
      prune: false,
    });
    const pages = new BucketDeployment(this, 'DeployHtml', {
      sources: source,
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: html,
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: htmlInvalidationPaths(),
    });
    pages.node.addDependency(assets, other);
  }
}

/** The viewer paths that serve HTML: each prerendered page and signed-in shell (both spellings), the shell, and the feeds. */
export function htmlInvalidationPaths(): string[] {
  const paths = new Set<string>([APP_SHELL_FILE, '/sitemap.xml', '/robots.txt']);
  for (const path of HTML_PATHS) {
    paths.add(path);
    paths.add(pageFile(path));
  }
  return [...paths];
}
