package pgncbeam

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"cloud.google.com/go/storage"
)

// source is an input opened for reads at offsets: a local file or a
// Google Cloud Storage object, which is read in ranges.
type source interface {
	io.ReaderAt
	io.Closer
	Size() int64
}

// isGCS reports whether path names a Cloud Storage object or prefix.
func isGCS(path string) bool { return strings.HasPrefix(path, "gs://") }

// openSource opens path.
func openSource(ctx context.Context, path string) (source, error) {
	if isGCS(path) {
		return openObject(ctx, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return localFile{f, info.Size()}, nil
}

type localFile struct {
	*os.File
	size int64
}

func (f localFile) Size() int64 { return f.size }

// splitGCS splits gs://bucket/object.
func splitGCS(path string) (bucket, object string, err error) {
	bucket, object, ok := strings.Cut(strings.TrimPrefix(path, "gs://"), "/")
	if !ok || bucket == "" {
		return "", "", fmt.Errorf("%s: not a gs://bucket/object path", path)
	}
	return bucket, object, nil
}

var (
	clientOnce sync.Once
	client     *storage.Client
	clientErr  error
)

// gcsClient returns the process's Cloud Storage client, made on first use
// with the default credentials, or for the emulator that
// STORAGE_EMULATOR_HOST names.
func gcsClient(ctx context.Context) (*storage.Client, error) {
	// Reads go through the JSON API, which emulators serve on any host.
	clientOnce.Do(func() { client, clientErr = storage.NewClient(context.WithoutCancel(ctx), storage.WithJSONReads()) })
	return client, clientErr
}

// object is a Cloud Storage object read in ranges.
type object struct {
	ctx  context.Context
	obj  *storage.ObjectHandle
	size int64
}

func openObject(ctx context.Context, path string) (source, error) {
	bucket, name, err := splitGCS(path)
	if err != nil {
		return nil, err
	}
	client, err := gcsClient(ctx)
	if err != nil {
		return nil, err
	}
	obj := client.Bucket(bucket).Object(name)
	attrs, err := obj.Attrs(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &object{ctx: ctx, obj: obj, size: attrs.Size}, nil
}

func (o *object) Size() int64  { return o.size }
func (o *object) Close() error { return nil }

// ReadAt reads with one range request.
func (o *object) ReadAt(p []byte, off int64) (int, error) {
	if off >= o.size {
		return 0, io.EOF
	}
	n := min(int64(len(p)), o.size-off)
	r, err := o.obj.NewRangeReader(o.ctx, off, n)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	k, err := io.ReadFull(r, p[:n])
	if err == nil && int64(k) < int64(len(p)) {
		err = io.EOF
	}
	return k, err
}
