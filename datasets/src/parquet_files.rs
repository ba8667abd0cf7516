//! The Parquet format of the datasets (see the crate's documentation).

use anyhow::Result;
use arrow_array::{
    ArrayRef, BooleanArray, Float32Array, Float64Array, ListArray, RecordBatch, StringArray,
    UInt16Array, UInt32Array, UInt64Array, UInt8Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use lab::commands::selfplay::{DatasetFile, DatasetFormat, RowShape, Rows};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use std::path::Path;
use std::sync::Arc;

/// Most rows of one Parquet row group.
pub const ROW_GROUP_ROWS: usize = 65_536;

/// The Parquet format of `sim selfplay`'s datasets.
#[derive(Clone, Copy, Debug, Default)]
pub struct Parquet;

/// Makes [`Parquet`] the lab's dataset format for the rest of the process
/// ([`lab::commands::selfplay::install_format`]); calling it again does nothing.
pub fn install() {
    lab::commands::selfplay::install_format(&Parquet);
}

impl DatasetFormat for Parquet {
    fn extension(&self) -> &'static str {
        "parquet"
    }

    fn create(&self, path: &Path, shape: &RowShape) -> Result<Box<dyn DatasetFile>> {
        let schema = schema();
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .build();
        let file = std::fs::File::create(path)?;
        let writer = ArrowWriter::try_new(file, schema.clone(), Some(props))?;
        Ok(Box::new(PartFile {
            writer,
            schema,
            shape: shape.clone(),
        }))
    }
}

/// One Parquet part file being written.
struct PartFile {
    writer: ArrowWriter<std::fs::File>,
    schema: SchemaRef,
    shape: RowShape,
}

impl DatasetFile for PartFile {
    fn write(&mut self, rows: Rows) -> Result<()> {
        let b = batch(rows, &self.schema, &self.shape)?;
        self.writer.write(&b)?;
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<()> {
        let file = self.writer.into_inner()?;
        file.sync_all()?;
        Ok(())
    }
}

/// The Arrow schema of the dataset ([`lab::commands::selfplay::COLUMNS`]).
fn schema() -> SchemaRef {
    let list = |t: DataType| DataType::List(Arc::new(Field::new("item", t, false)));
    Arc::new(Schema::new(vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("step", DataType::UInt32, false),
        Field::new("seat", DataType::UInt8, false),
        Field::new("agent", DataType::Utf8, false),
        Field::new("observation", list(DataType::Float32), false),
        Field::new("legal", list(DataType::Boolean), false),
        Field::new("action", DataType::UInt16, false),
        Field::new("policy", list(DataType::Float32), false),
        Field::new("return", DataType::Float64, false),
    ]))
}

/// A list column whose rows have the lengths `lengths`, over `values`.
fn list(values: ArrayRef, lengths: impl IntoIterator<Item = usize>) -> Result<ArrayRef> {
    let field = Arc::new(Field::new("item", values.data_type().clone(), false));
    let offsets = arrow_buffer::OffsetBuffer::from_lengths(lengths);
    Ok(Arc::new(ListArray::try_new(field, offsets, values, None)?))
}

/// One record batch of `c`'s rows.
fn batch(c: Rows, schema: &SchemaRef, shape: &RowShape) -> Result<RecordBatch> {
    let n = c.rows();
    let (obs, actions) = (shape.observation_size, shape.num_distinct_actions);
    let agent =
        StringArray::from_iter_values(c.agent.iter().map(|&a| shape.labels[a as usize].as_str()));
    let columns: Vec<ArrayRef> = vec![
        Arc::new(UInt64Array::from(c.game)),
        Arc::new(UInt32Array::from(c.step)),
        Arc::new(UInt8Array::from(c.seat)),
        Arc::new(agent),
        list(
            Arc::new(Float32Array::from(c.observation)),
            std::iter::repeat_n(obs, n),
        )?,
        list(
            Arc::new(BooleanArray::from(c.legal)),
            std::iter::repeat_n(actions, n),
        )?,
        Arc::new(UInt16Array::from(c.action)),
        list(
            Arc::new(Float32Array::from(c.policy)),
            c.policy_len.iter().map(|&k| k as usize),
        )?,
        Arc::new(Float64Array::from(c.returns)),
    ];
    Ok(RecordBatch::try_new(schema.clone(), columns)?)
}
