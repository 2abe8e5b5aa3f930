#!/usr/bin/perl
# Harvests a whole OAI-PMH repository with Debian's HTTP::OAI (libhttp-oai-perl), following the
# resumption tokens, and prints one line per record: identifier, datestamp, "deleted" or "live",
# and the number of metadata elements read. Used by oai.judges.routes.test.ts.
#   perl http-oai-harvest.pl <baseURL> <metadataPrefix>
use strict;
use warnings;
use HTTP::OAI;

my ($base_url, $prefix) = @ARGV;
die "usage: $0 baseURL metadataPrefix\n" unless $base_url && $prefix;

my $harvester = HTTP::OAI::Harvester->new(baseURL => $base_url, resume => 1);
my $identify = $harvester->Identify;
die 'Identify failed: ' . $identify->code . ' ' . $identify->message . "\n" if $identify->is_error;
$harvester->repository($identify);
print "# repository\t", $identify->repositoryName, "\t", $identify->protocolVersion, "\n";

my $records = $harvester->ListRecords(
  metadataPrefix => $prefix,
  onRecord => sub {
    my $record = shift;
    my $header = $record->header;
    my $status = $record->is_deleted ? 'deleted' : 'live';
    my $elements = 0;
    if ($record->metadata && $record->metadata->dom) {
      my @nodes = $record->metadata->dom->findnodes('.//*');
      $elements = scalar @nodes;
    }
    print join("\t", $header->identifier, $header->datestamp, $status, $elements), "\n";
  },
);
die 'ListRecords failed: ' . $records->code . ' ' . $records->message . "\n" if $records->is_error;
