"""The names and versions of the saved formats (records and snapshots; docs/records.md).

A module of their own so that the state, the readers and the apps all import them from one
place without importing each other."""

RECORD_FORMAT = "acreage-record"
SNAPSHOT_FORMAT = "acreage-snapshot"
RECORD_VERSION = 1
SNAPSHOT_VERSION = 1
